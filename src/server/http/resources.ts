import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkAnswer, parseInput, refuseNul } from './validate.ts';
import { resourceSuccess } from './envelope.ts';
import type { VisitorCache } from './visitor-cache.ts';
import type { AnswerOf, ParsedInputOf, ResourceContract, ResourceVerb, VerbsOf } from '../../shared/contracts/contract.ts';

export type { ResourceVerb };

export type ResourceCall<I> = {
  input: I;
  actor: Actor;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type ResourceResult<D = unknown> = { data: D; bookmark?: string | null };

type Handlers<C extends ResourceContract> = {
  [V in VerbsOf<C>]: (call: ResourceCall<ParsedInputOf<C, V>>) => Promise<ResourceResult<AnswerOf<C, V>>>;
};

/** One verb as the runner calls it: its contract and its handler. */
type Verb = { input: z.ZodType; output: z.ZodType | null; handle: (call: ResourceCall<unknown>) => Promise<ResourceResult> };

/**
 * One named resource of the resource protocol: `<Name>Resource` with up to four verbs, each with
 * the contract declared for it in src/shared/contracts. Resources are thin adapters over services.
 */
export type Resource = {
  name: `${string}Resource`;
  sameForEveryVisitor: boolean;
  verbs: Partial<Record<ResourceVerb, Verb>>;
};

export function defineResource<const C extends ResourceContract>(contract: C, handlers: Handlers<C>): Resource {
  const verbs: Partial<Record<ResourceVerb, Verb>> = {};
  for (const verb of Object.keys(contract.verbs) as VerbsOf<C>[]) {
    const call = contract.verbs[verb];
    if (!call) continue;
    verbs[verb] = { input: call.input, output: call.output, handle: handlers[verb] as Verb['handle'] };
  }
  return { name: contract.name, sameForEveryVisitor: contract.sameForEveryVisitor === true, verbs };
}

/**
 * A resource not yet given a contract: its verbs parse their own options and answer unchecked.
 * The contract registry test fails while any is left (tests/contract/http/contracts.test.ts).
 */
export function defineUntypedResource<O>(
  resource: { name: `${string}Resource`; options: z.ZodType<O>; sameForEveryVisitor?: true } & Partial<
    Record<ResourceVerb, (call: ResourceCall<O> & { options: O }) => Promise<ResourceResult>>
  >,
): Resource {
  const verbs: Partial<Record<ResourceVerb, Verb>> = {};
  for (const verb of ['get', 'create', 'update', 'delete'] as const) {
    const handle = resource[verb];
    if (handle)
      verbs[verb] = { input: resource.options, output: null, handle: (call) => handle({ ...call, input: call.input as O, options: call.input as O }) };
  }
  return { name: resource.name, sameForEveryVisitor: resource.sameForEveryVisitor === true, verbs };
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

export function createResourceRunner(deps: Deps, resources: readonly Resource[]): ResourceRunner {
  const byName = new Map<string, Resource>();
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
      const call = resource.verbs[verb];
      if (!call) throw new AppError('method_not_allowed', `${name} does not support ${verb}.`);
      const input = parseInput(call.input, options);
      const result = await call.handle({ input, actor: request.actor, deps, request, reply });
      if (deps.config.checkAnswers && call.output) checkAnswer(call.output, result.data, `${name} ${verb}`);
      return result;
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
