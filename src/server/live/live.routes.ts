import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LiveStreamRoute } from '../../shared/contracts/live.ts';
import type { Deps } from '../deps.ts';
import type { LogRow } from './member-log.repo.ts';
import type { LiveStream } from './live-hub.ts';
import { startLiveStream, type SnapshotSource } from './live.service.ts';

/** The Last-Event-ID a reconnecting EventSource sends, when it is a position. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

const frame = (row: LogRow) => `id: ${row.seq}\nevent: ${row.kind}\ndata: ${row.payload}\n\n`;

/**
 * GET /live/stream/: the member's live log as Server-Sent Events. With a position (Last-Event-ID
 * or `after`) it resumes right after it; without one it sends a snapshot and the position it is
 * as of, then what follows. Comment lines keep proxies open; after LIVE_STREAM_MAX_MS it ends, and
 * the browser comes back from its last id.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: Deps, snapshot: SnapshotSource): void {
  app.addHook('preClose', (done) => {
    deps.replicas.live.endAll();
    done();
  });
  app.withTypeProvider<ZodTypeProvider>().get('/live/stream/', {
    schema: { tags: ['live'], summary: 'The member’s live log as Server-Sent Events, from a position', ...LiveStreamRoute },
    handler: async (request, reply) => {
      const resumeAt = lastEventId(request.headers['last-event-id']) ?? request.query.after;
      const start = await startLiveStream(deps, request.actor, resumeAt, snapshot);
      const open = openStream(reply, start.memberId);
      open.stream.position = start.position;
      if (start.snapshot) open.write(`id: ${start.position}\nevent: snapshot\ndata: ${JSON.stringify(start.snapshot)}\n\n`);
      await serve(deps, open);
    },
  });
}

type Open = { stream: LiveStream; write(text: string): void; reply: FastifyReply };

function openStream(reply: FastifyReply, memberId: string): Open {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    'x-accel-buffering': 'no',
    // A stream holds its connection to the end; none is left idle for the server's close to wait on.
    connection: 'close',
    'x-content-type-options': 'nosniff',
  });
  raw.write('retry: 2000\n\n');
  const write = (text: string) => {
    if (!raw.writableEnded) raw.write(text);
  };
  const stream: LiveStream = {
    memberId,
    position: 0,
    send: (rows) => {
      write(rows.map(frame).join(''));
    },
    end: () => {
      raw.end();
    },
  };
  return { reply, write, stream };
}

async function serve(deps: Deps, open: Open): Promise<void> {
  const { raw } = open.reply;
  const hub = deps.replicas.live;
  const heartbeat = setInterval(() => {
    open.write(': heartbeat\n\n');
  }, deps.config.live.heartbeatMs);
  const end = () => {
    clearInterval(heartbeat);
    clearTimeout(idle);
    hub.close(open.stream);
    if (!raw.writableEnded) raw.end();
  };
  const idle = setTimeout(end, deps.config.live.streamMaxMs);
  raw.on('close', end);
  try {
    await hub.open(open.stream);
  } catch (error) {
    deps.log.error({ err: error }, 'A live stream could not read its log');
    end();
  }
}
