import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
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
const memory = { html: '', json: '' };
server.app.get('/bench/html-from-memory', (_request, reply) => reply.type('text/html; charset=utf-8').send(memory.html));
server.app.get('/bench/json-from-memory', (_request, reply) => reply.type('application/json; charset=utf-8').send(memory.json));
const url = await server.app.listen({ port: 0, host: '127.0.0.1' });

const member = createHttpClient(url);
await member.signUp('bench@example.com');
memory.html = await (await fetch(`${url}/`)).text();
memory.json = await (await member.get('/v3/users/me/')).text();

process.stdout.write(`${JSON.stringify({ url, memberHeaders: member.headers() })}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
