import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { loadConfig, type Config, type Env } from '../../src/server/config.ts';
import type { Deps } from '../../src/server/deps.ts';
import { jobHandlers } from '../../src/server/jobs/handlers.ts';
import type { Worker } from '../../src/server/ports/queue/job-queue.ts';
import { createServer } from '../../src/server/server.ts';
import { createTestDatabase, type DatabaseKind } from './databases.ts';
import { parseEml } from './eml.ts';

export type TestAppOptions = {
  /** Extra environment for loadConfig (PUBLIC_URL, ...). */
  env?: Partial<Record<keyof Env, string>>;
  /** Run the job worker (mail delivery and the like); on by default. */
  worker?: boolean;
};

export type OutboxMail = { file: string; to: string; subject: string; text: string };

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * A whole app on a fresh database of the given kind, answering through `app.inject`. Error log
 * lines go to console.error, so a test fails on one it did not announce with expectLoggedError().
 */
export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}) {
  const database = await createTestDatabase(kind, { migrated: true });
  const url = database.database.kind === 'postgres' ? { DATABASE_URL: database.database.url } : {};
  // Admission control off: see startHttpServer; admission.test.ts turns it on.
  const admission = { ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0' };
  const env = { DATA_DIR: database.dataDir, DEMO: 'off', LOG_LEVEL: 'error', CHECK_ANSWERS: 'true', ...admission, ...url, ...options.env };
  const config: Config = loadConfig(env);
  const errors: string[] = [];
  const log = pino(
    { level: 'error' },
    {
      write(line: string) {
        errors.push(line);
        console.error(line);
      },
    },
  );
  const server = await createServer(config, log);
  const deps: Deps = server.deps;
  const worker: Worker | null = options.worker === false ? null : deps.ports.queue.start({ handlers: jobHandlers(deps), pollIntervalMs: 20 });
  const app: FastifyInstance = server.app;

  return {
    app,
    deps,
    config,
    /** Error log lines written so far. */
    errors,
    /** A new browser; give each test its own address when rate limits could meet. */
    client: (remoteAddress?: string) => createClient(app, remoteAddress),
    readOutbox: () => readOutbox(config),
    waitForMail: (to: string, count = 1) => waitForOutboxMail(config, to, count),
    async close() {
      await worker?.stop();
      await server.close();
      await database.drop();
    },
  };
}

type Form = Record<string, string | string[]>;

/** A resource's get, as the web client sends it. */
export function resourceGetUrl(name: string, options: Record<string, unknown> = {}): string {
  return `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options, context: {} }))}`;
}

/**
 * A browser in miniature: keeps cookies (dropping expired ones) and sends X-CSRFToken from the
 * csrftoken cookie, as the web client does.
 */
export function createClient(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  const jar = new Map<string, string>();

  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  };

  const headers = (): Record<string, string> => ({
    ...(jar.size > 0 ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    ...(jar.has('csrftoken') ? { 'x-csrftoken': jar.get('csrftoken') ?? '' } : {}),
  });

  const request = async (options: InjectOptions) =>
    remember(await app.inject({ remoteAddress, ...options, headers: { ...headers(), ...(options.headers ?? {}) } }));

  const get = (url: string, extra: Record<string, string> = {}) => request({ method: 'GET', url, headers: extra });

  const post = (url: string, form: Form, extra: Record<string, string> = {}) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
    return request({
      method: 'POST',
      url,
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra },
    });
  };

  const resource = (name: string, verb: 'create' | 'update' | 'delete', options: Record<string, unknown> = {}) =>
    post(`/resource/${name}/${verb}/`, { data: JSON.stringify({ options, context: {} }) });

  const getResource = (name: string, options: Record<string, unknown> = {}) => get(resourceGetUrl(name, options));

  /** Any GET hands out the csrftoken cookie, as a first page load does. */
  const ensureCsrf = async () => {
    if (!jar.has('csrftoken')) await get('/healthz');
  };

  /** Trades a handshake response for a session, as the web client does after sign-up or login. */
  const startSession = async (handshake: LightMyRequestResponse, isRegistration: boolean) => {
    if (handshake.statusCode !== 200) throw new Error(`handshake failed: ${handshake.statusCode} ${handshake.body}`);
    const token = handshake.json<{ data: string }>().data;
    const session = await resource('HandshakeSessionResource', 'create', { token, isRegistration });
    if (session.statusCode !== 200) throw new Error(`session failed: ${session.statusCode} ${session.body}`);
    return session;
  };

  const signUp = async (email: string, password = 'correct horse battery', extra: Form = {}) => {
    await ensureCsrf();
    const handshake = await post('/v3/register/email/handshake/', { email, password, birthday: '1990-01-01', ...extra });
    return startSession(handshake, true);
  };

  const logIn = async (usernameOrEmail: string, password = 'correct horse battery') => {
    await ensureCsrf();
    return startSession(await post('/v3/login/handshake/', { username_or_email: usernameOrEmail, password }), false);
  };

  const logOut = () => resource('UserSessionResource', 'delete', { disable_auth_failure_redirect: true });

  return { jar, request, get, post, resource, getResource, ensureCsrf, signUp, logIn, logOut };
}

export type TestClient = ReturnType<typeof createClient>;

/** The mails of the outbox folder, oldest first, with headers and text decoded. */
export function readOutbox(config: Config): OutboxMail[] {
  if (config.mail.kind !== 'outbox') throw new Error('readOutbox needs the outbox mailer');
  const dir = config.mail.dir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort()
    .map((name) => ({ file: name, ...parseMail(fs.readFileSync(path.join(dir, name), 'utf8')) }));
}

/** Waits (up to 10 s) until the outbox holds `count` mails to `to`; answers them, oldest first. */
export async function waitForOutboxMail(config: Config, to: string, count = 1): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readOutbox(config).filter((m) => m.to === to);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function parseMail(raw: string): Omit<OutboxMail, 'file'> {
  const { headers, text } = parseEml(raw);
  const to = (headers.get('to') ?? '').replace(/^.*<([^>]+)>.*$/, '$1');
  return { to, subject: headers.get('subject') ?? '', text: (text ?? '').replace(/\r\n/g, '\n') };
}
