import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createServer } from '../src/server/server.ts';
import { formatRatio, measure } from './http.ts';
import { signUp } from './sign-up.ts';
import { firstLoadJavaScript } from './bundle-size.ts';

/**
 * Each benchmark runs a real route and, in the same process and run, a baseline route that
 * serves the same bytes from memory; it prints the ratio. No timing is asserted anywhere.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO: 'off' });
const server = await createServer(config);
const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
const home = await fetch(`${origin}/`);
const homeHtml = await home.text();
const session = await signUp(origin);
const me = await fetch(`${origin}/v3/users/me/`, { headers: session.headers });
const meJson = await me.text();
await server.close();

// A second app with the baseline routes beside the real ones: same hooks, same headers.
const again = await createServer(config);
again.app.get('/bench/html-from-memory', async (_req, reply) => reply.type('text/html; charset=utf-8').send(homeHtml));
again.app.get('/bench/json-from-memory', async (_req, reply) => reply.type('application/json; charset=utf-8').send(meJson));
const url = await again.app.listen({ port: 0, host: '127.0.0.1' });

const lines: string[] = [];
const ssr = await measure(`${url}/`);
const ssrBaseline = await measure(`${url}/bench/html-from-memory`);
lines.push(formatRatio('SSR home page', ssr, ssrBaseline, '>= 0.5'));
const json = await measure(`${url}/v3/users/me/`, session.headers);
const jsonBaseline = await measure(`${url}/bench/json-from-memory`, session.headers);
lines.push(formatRatio('JSON API GET /v3/users/me/', json, jsonBaseline, '>= 0.8'));
lines.push(await firstLoadJavaScript());

await again.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`${lines.join('\n')}\n`);
