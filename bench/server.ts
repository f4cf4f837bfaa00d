import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Actor } from '../src/server/access/actor.ts';
import { createBoard } from '../src/server/boards/boards.service.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Deps } from '../src/server/deps.ts';
import { ingestImage } from '../src/server/media/media.service.ts';
import { createPin } from '../src/server/pins/pins.service.ts';
import { createServer } from '../src/server/server.ts';
import { createHttpClient } from '../tests/support/http-client.ts';

/**
 * The server under measurement, in its own process so the load generator does not share its
 * event loop. Beside the real routes it serves the baselines: the very bytes of the real
 * responses, from memory, through the same hooks.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO: 'off' });
const server = await createServer(config);
const memory = { html: '', json: '', board: '', pin: '' };
server.app.get('/bench/html-from-memory', (_request, reply) => reply.type('text/html; charset=utf-8').send(memory.html));
server.app.get('/bench/json-from-memory', (_request, reply) => reply.type('application/json; charset=utf-8').send(memory.json));
server.app.get('/bench/board-from-memory', (_request, reply) => reply.type('application/json; charset=utf-8').send(memory.board));
server.app.get('/bench/pin-from-memory', (_request, reply) => reply.type('text/html; charset=utf-8').send(memory.pin));
const url = await server.app.listen({ port: 0, host: '127.0.0.1' });

const member = createHttpClient(url);
await member.signUp('bench@example.com');
memory.html = await (await fetch(`${url}/`)).text();
memory.json = await (await member.get('/v3/users/me/')).text();
const boardPath = await boardPage(server.deps);
memory.board = await (await fetch(`${url}${boardPath}`)).text();
const pinPath = await pinPage(server.deps);
memory.pin = await (await fetch(`${url}${pinPath}`)).text();

/** A public board with a full first page (25 pins), read as a visitor reads it: the board page's JSON. */
async function boardPage(deps: Deps): Promise<string> {
  const { id: userId } = await deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const actor: Actor = { kind: 'token', userId, tokenId: 'bench', scopes: ['pins:write', 'boards:write'] };
  const board = await createBoard(deps, actor, { name: 'Bench board', privacy: 'public' });
  for (let i = 0; i < 30; i++) {
    const png = await sharp({ create: { width: 60 + i, height: 90, channels: 3, background: { r: i * 8, g: 120, b: 90 } } })
      .png()
      .toBuffer();
    const media = await ingestImage(deps, actor, png, { inline: true });
    await createPin(deps, actor, { board_id: board.id, media_id: media.id, title: `Bench pin ${i}`, description: 'A pin of the board page benchmark.' });
  }
  const data = encodeURIComponent(JSON.stringify({ options: { board_id: board.id }, context: {} }));
  return `/resource/BoardFeedResource/get/?data=${data}`;
}

/** The closeup of one of the board's pins, server-rendered for a visitor. */
async function pinPage(deps: Deps): Promise<string> {
  const { id } = await deps.db.selectFrom('pins').select('id').orderBy('id').executeTakeFirstOrThrow();
  return `/pin/${id}/`;
}

process.stdout.write(`${JSON.stringify({ url, memberHeaders: member.headers(), boardPath, pinPath })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
