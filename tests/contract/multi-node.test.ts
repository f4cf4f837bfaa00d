import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.ts';
import sharp from 'sharp';
import { QUERY_HASHES } from '../../src/web/api/graphql.ts';
import { createHttpClient, type HttpClient } from '../support/http-client.ts';
import { startNode, type NodeProcess } from '../support/processes.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { TEST_REDIS_URL, redisAvailable } from '../support/redis.ts';

const scaleServices = databaseKinds.includes('postgres') && redisAvailable;

/** Two real server processes sharing one PostgreSQL, one Redis and one SMTP server. */
describe.skipIf(!scaleServices)('two nodes on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  const delivered = () => smtp.recipients.flat();
  let nodes: NodeProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = await startTestSmtp();
    if (database.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const env = {
      DATABASE_URL: database.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}:`,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      DEMO: 'off',
    };
    // Started one after the other: both run migrations at start, and the second must find them done.
    for (const name of ['a', 'b']) {
      nodes.push(await startNode({ ...env, DATA_DIR: path.join(database.dataDir, name) }));
    }
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    nodes = [];
    await smtp.close();
    await database.drop();
  });

  it('accepts on one node a session created on the other, and ends it on both at logout', async () => {
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    const onA = createHttpClient(a.url);
    await onA.signUp('two-nodes@example.com');
    const onB = createHttpClient(b.url);
    for (const [name, value] of onA.jar) onB.jar.set(name, value);

    const meOnB = await onB.get('/v3/users/me/');
    expect(meOnB.status).toBe(200);
    expect(((await meOnB.json()) as { data: { email: string } }).data.email).toBe('two-nodes@example.com');

    const logout = await onB.resource('UserSessionResource', 'delete', { disable_auth_failure_redirect: true });
    expect(logout.status).toBe(200);
    const meOnA = await onA.get('/v3/users/me/');
    expect(meOnA.status).toBe(401);
  });

  it('runs each queued job exactly once across both nodes', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `queue-${i}@example.com`);
    await Promise.all(emails.map((email, i) => createHttpClient(nodes[i % 2]?.url ?? '').signUp(email)));
    const deadline = Date.now() + 30_000;
    while (emails.some((e) => !delivered().includes(e)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // Give a duplicate delivery time to arrive before counting.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of emails) expect(delivered().filter((d) => d === email)).toHaveLength(1);
  });

  it('shows a visitor of one node, at once, a profile changed on the other', async () => {
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    const member = createHttpClient(a.url);
    await member.signUp('cached-profile@example.com');
    const { data: me } = (await (await member.get('/v3/users/me/')).json()) as { data: { username: string } };
    const visitorOfB = createHttpClient(b.url);
    const about = async () => {
      const data = encodeURIComponent(JSON.stringify({ options: { username: me.username }, context: {} }));
      const body = (await (await visitorOfB.get(`/resource/UserResource/get/?data=${data}`)).json()) as { resource_response: { data: { about: string } } };
      return body.resource_response.data.about;
    };
    // Read twice, so node b holds the visitor's answer in its cache.
    expect(await about()).toBe(await about());
    expect((await member.resource('UserResource', 'update', { about: 'Knits and bakes' })).status).toBe(200);
    const deadline = Date.now() + 5_000;
    let seen = await about();
    while (seen !== 'Knits and bakes' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await about();
    }
    expect(seen).toBe('Knits and bakes');
  });

  it('makes an edit on one node searchable, in related pins and out of the visitor cache on the other', async () => {
    const [a, b] = nodes as [NodeProcess, NodeProcess];
    const member = createHttpClient(a.url);
    await member.signUp('events-two-nodes@example.com');
    const board = await ok<{ id: string }>(member.resource('BoardResource', 'create', { name: 'Harbour walks' }));
    const mediaId = await uploadPicture(member);
    const pin = async (title: string) =>
      (await ok<{ id: string }>(member.resource('PinResource', 'create', { board_id: board.id, media_id: mediaId, title }))).id;
    const [lighthouse, jetty] = [await pin('Red lighthouse'), await pin('Stone jetty')];

    const visitorOfB = createHttpClient(b.url);
    const read = async (name: string, options: Record<string, unknown>) => {
      const data = encodeURIComponent(JSON.stringify({ options, context: {} }));
      const response = await visitorOfB.get(`/resource/${name}/get/?data=${data}`);
      return ((await response.json()) as { resource_response: { data: unknown } }).resource_response.data;
    };
    const found = async (query: string) =>
      ((await read('BaseSearchResource', { query, scope: 'pins' })) as { results: { id: string }[] }).results.map((r) => r.id);
    const titleOnB = async () => ((await read('PinResource', { id: lighthouse })) as { title: string }).title;
    const relatedOnB = async () => {
      const response = await fetch(`${b.url}/_/graphql/`, {
        method: 'POST',
        headers: { ...visitorOfB.headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ queryHash: QUERY_HASHES.CloseupRelatedModulesFeedQuery, variables: { pinId: lighthouse, source: 'closeup' } }),
      });
      const body = (await response.json()) as { data?: { closeupRelatedModules?: { edges: { node: { id: string } }[] } } };
      return (body.data?.closeupRelatedModules?.edges ?? []).map((e) => e.node.id);
    };

    // Node b holds the visitor's pin page in its cache, and its graph learns of the board's two pins.
    expect(await titleOnB()).toBe('Red lighthouse');
    expect(await titleOnB()).toBe('Red lighthouse');
    await until(async () => (await relatedOnB()).includes(jetty));

    expect((await member.resource('PinResource', 'update', { id: lighthouse, title: 'Red lighthouse at dusk' })).status).toBe(200);
    await until(async () => (await titleOnB()) === 'Red lighthouse at dusk');
    expect(await found('dusk')).toEqual([lighthouse]);

    // A save made on a: the pin's new board, and the pin already there, join the graph of b.
    const other = await ok<{ id: string }>(member.resource('BoardResource', 'create', { name: 'Coastlines' }));
    const cliff = (await ok<{ id: string }>(member.resource('PinResource', 'create', { board_id: other.id, media_id: mediaId, title: 'Chalk cliff' }))).id;
    expect((await member.resource('RepinResource', 'create', { pin_id: lighthouse, board_id: other.id })).status).toBe(200);
    await until(async () => (await relatedOnB()).includes(cliff));
  });
});

/** The data of a successful resource call, or a thrown error with the answer. */
async function ok<T>(answer: Promise<Response>): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { resource_response: { data: T } };
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body.resource_response.data;
}

/** Polls `check` every 50 ms for up to 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Not within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A picture uploaded through the member's browser session, waited for until processed. */
async function uploadPicture(member: HttpClient): Promise<string> {
  const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#1a5276' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'harbour.png');
  const response = await member.upload('/v3/media/uploads/', form);
  const { data } = (await response.json()) as { data: { id: string } };
  await until(async () => {
    const media = (await (await member.get(`/v3/media/${data.id}/`)).json()) as { data: { status: string } };
    return media.data.status === 'ready';
  });
  return data.id;
}
