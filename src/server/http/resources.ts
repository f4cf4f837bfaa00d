import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { parseInput, refuseNul } from './validate.ts';
import { resourceSuccess } from './envelope.ts';
import type { VisitorCache } from './visitor-cache.ts';

export type ResourceVerb = 'get' | 'create' | 'update' | 'delete';

export type ResourceCall<O> = {
  options: O;
  actor: Actor;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type ResourceResult = { data: unknown; bookmark?: string | null };

type Handler<O> = (call: ResourceCall<O>) => Promise<ResourceResult>;

/**
 * One named resource of the resource protocol: `<Name>Resource` with up to four verbs, each
 * taking the same validated options. Resources are thin adapters over services.
 */
export type Resource<O = unknown> = {
  name: `${string}Resource`;
  options: z.ZodType<O>;
  /** Its get answers every visitor alike, from its options and stored content only: the bytes may be cached. */
  sameForEveryVisitor?: true;
} & Partial<Record<ResourceVerb, Handler<O>>>;

export function defineResource<O>(resource: Resource<O>): Resource<O> {
  return resource;
}

/** The `data` field of every call: {"options": {...}, "context": {}}. */
const CallData = z.object({
  options: z.record(z.string(), z.unknown()).default({}),
  context: z.record(z.string(), z.unknown()).default({}),
});

const MAX_DATA_LENGTH = 64 * 1024;

function parseCallData(raw: unknown): z.infer<typeof CallData> {
  if (raw === undefined || raw === '') return { options: {}, context: {} };
  if (typeof raw !== 'string' || raw.length > MAX_DATA_LENGTH) {
    throw new AppError('bad_request', 'The data field must be a JSON object of at most 64 KiB.');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', 'The data field is not valid JSON.');
  }
  refuseNul(json);
  return parseInput(CallData, json);
}

const NameParam = z.object({ name: z.string().regex(/^[A-Z][A-Za-z0-9]*Resource$/) });
const VerbParam = NameParam.extend({ verb: z.enum(['create', 'update', 'delete']) });
const CallQuery = z.object({
  data: z.string().max(MAX_DATA_LENGTH).optional().describe('JSON: {"options": {...}, "context": {}}'),
  source_url: z.string().max(2048).optional(),
});

/** Calls resources by name: over HTTP, and in-process for the pages the server renders. */
export type ResourceRunner = {
  call: (name: string, verb: ResourceVerb, options: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply) => Promise<ResourceResult>;
  names: string[];
  sameForEveryVisitor: (name: string) => boolean;
};

export function createResourceRunner(deps: Deps, resources: Resource<never>[]): ResourceRunner {
  const byName = new Map<string, Resource<never>>();
  for (const r of resources) {
    if (byName.has(r.name)) throw new Error(`Resource ${r.name} is defined twice`);
    byName.set(r.name, r);
  }
  return {
    names: [...byName.keys()].sort(),
    sameForEveryVisitor: (name) => byName.get(name)?.sameForEveryVisitor === true,
    call: async (name, verb, options, request, reply) => {
      const resource = byName.get(name);
      if (!resource) throw new AppError('not_found', `Unknown resource ${name}.`);
      const handler = resource[verb] as Handler<unknown> | undefined;
      if (!handler) throw new AppError('method_not_allowed', `${name} does not support ${verb}.`);
      const parsed = parseInput(resource.options as z.ZodType, options);
      return handler({ options: parsed, actor: request.actor, deps, request, reply });
    },
  };
}

export function registerResources(app: FastifyInstance, runner: ResourceRunner, visitorCache: VisitorCache): void {
  const run = async (name: string, verb: ResourceVerb, rawData: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const result = await runner.call(name, verb, parseCallData(rawData).options, request, reply);
    return resourceSuccess(result.data, result.bookmark ?? null);
  };

  const names = runner.names.join(', ');
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/resource/:name/get/', {
    schema: { tags: ['resource'], summary: 'Read a resource', description: `Resources: ${names}`, params: NameParam, querystring: CallQuery },
    handler: async (request, reply) => {
      const { name } = request.params;
      const { data } = request.query;
      if (request.actor.kind !== 'visitor' || !runner.sameForEveryVisitor(name)) return run(name, 'get', data, request, reply);
      const body = await visitorCache.answer(`${name}\n${data ?? ''}`, async () => JSON.stringify(await run(name, 'get', data, request, reply)));
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
  typed.post('/resource/:name/:verb/', {
    schema: { tags: ['resource'], summary: 'Create, update or delete through a resource', params: VerbParam, body: CallQuery },
    handler: (request, reply) => run(request.params.name, request.params.verb, request.body.data, request, reply),
  });
}
