import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLeadingZeroBits } from '../../../src/shared/proof-of-work.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { errorOf, read } from '../discovery/helpers.ts';

type Envelope<T> = { resource_response: { data: T } };
type Dashboard = {
  days: string[];
  members_active: { day: string; count: number }[];
  saves: { day: string; count: number }[];
  searches: { day: string; count: number }[];
  page_views: { day: string; count: number }[];
  vitals: { page: string; metric: string; samples: number; p75: number; classes: { good: number; needs_improvement: number; poor: number } | null }[];
};

const tags = (page_type: string) => ({ page_type, signed_in: true, platform: 'desktop', browser: 'chrome' });
const event = (event_type: string, view_type = 'home') => ({ event_type, view_type, time: Date.now(), unique_id: crypto.randomUUID() });
const metrics = [
  { kind: 'count', name: 'page_view', value: 1, tags: tags('search') },
  { kind: 'count', name: 'page_view', value: 1, tags: tags('home') },
  { kind: 'timing', name: 'first_input_delay', value: 40, tags: tags('home') },
  { kind: 'timing', name: 'first_input_delay', value: 150, tags: tags('home') },
  { kind: 'timing', name: 'first_input_delay', value: 900, tags: tags('home') },
  { kind: 'timing', name: 'largest_contentful_paint', value: 1800, tags: tags('pin') },
];

/*
 * Telemetry: context events and metrics kept as aggregates only with analytics consent (nothing
 * for a viewer who rejected it), the operators' dashboard, and the other client calls of section 7.
 */
describe.each(databaseKinds)('telemetry on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;
  let member: TestUser;
  let memberClient: TestClient;

  const stored = async () =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('telemetry_counts').selectAll().orderBy('day').orderBy('page').orderBy('name').execute(),
        t.deps.db.selectFrom('telemetry_latency').selectAll().orderBy('day').orderBy('page').orderBy('metric').orderBy('bucket').execute(),
      ]),
    );

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'dashkeeper' } });
    const operator = await makeUser(t.deps, 'dash');
    await t.deps.db.updateTable('users').set({ username: 'dashkeeper' }).where('id', '=', operator.id).execute();
    member = await makeUser(t.deps, 'measured');
    ops = await signIn(t, operator);
    memberClient = await signIn(t, member);
  });
  afterAll(() => t.close());

  it('stores nothing for a member or visitor who rejected analytics', async () => {
    const visitor = await visitorClient(t);
    visitor.jar.set('cb_consent', 'p1.a0.m1');
    for (const client of [memberClient, visitor]) {
      const c = await client.resource('ApiCResource', 'create', { events: [event('click')], report_time: Date.now() });
      expect(c.json<Envelope<{ stored: number }>>().resource_response.data.stored).toBe(0);
      const s = await client.resource('ApiSResource', 'create', { source: 'browser', metrics });
      expect(s.json<Envelope<{ stored: number }>>().resource_response.data.stored).toBe(0);
      expect((await client.post('/v3/spam/fingerprints/', { fingerprint: 'ab'.repeat(16) })).statusCode).toBe(200);
    }
    expect(await stored()).toBe('[[],[]]');
  });

  it('keeps aggregates, never a person, once analytics are allowed', async () => {
    await t.deps.db.updateTable('users').set({ allow_analytic_cookies: 1 }).where('id', '=', member.id).execute();
    const c = await memberClient.resource('ApiCResource', 'create', {
      events: [event('member_active'), event('click'), event('click'), { ...event('click', 'pin'), object_id_str: '123' }],
      report_time: Date.now(),
    });
    expect(c.json<Envelope<{ stored: number }>>().resource_response.data.stored).toBe(4);
    const s = await memberClient.resource('ApiSResource', 'create', { source: 'browser', metrics });
    expect(s.json<Envelope<{ stored: number }>>().resource_response.data.stored).toBe(6);
    const visitor = await visitorClient(t);
    visitor.jar.set('cb_consent', 'p0.a1.m0');
    await visitor.resource('ApiCResource', 'create', { events: [event('member_active')], report_time: Date.now() });
    const text = await stored();
    expect(text).not.toContain(member.id);
    expect(text).not.toContain('123');
    const counts = await t.deps.db.selectFrom('telemetry_counts').select(['page', 'name', 'count']).orderBy('page').orderBy('name').execute();
    expect(counts).toEqual([
      { page: 'home', name: 'event:click', count: 2 },
      { page: 'home', name: 'event:member_active', count: 1 },
      { page: 'home', name: 'page_view', count: 1 },
      { page: 'pin', name: 'event:click', count: 1 },
      { page: 'search', name: 'page_view', count: 1 },
    ]);
  });

  it('shows the operators members active, saves, searches and web vitals by page', async () => {
    const board = await makeBoard(t.deps, member, { name: 'Kept' });
    await makePin(t.deps, member, board, { title: 'A saved thing' });
    const { data } = await read<Dashboard>(ops, 'TelemetryDashboardResource', { days: 7 });
    expect(data.days).toHaveLength(7);
    const today = data.days.at(-1);
    expect(data.members_active.find((d) => d.day === today)?.count).toBe(1);
    expect(data.searches.find((d) => d.day === today)?.count).toBe(1);
    expect(data.saves.find((d) => d.day === today)?.count).toBeGreaterThanOrEqual(1);
    const fid = data.vitals.find((v) => v.metric === 'first_input_delay' && v.page === 'home');
    expect(fid).toMatchObject({ samples: 3, classes: { good: 1, needs_improvement: 1, poor: 1 } });
    expect(data.vitals.find((v) => v.metric === 'largest_contentful_paint')).toMatchObject({ page: 'pin', p75: 2000, classes: null });
  });

  it('refuses bad telemetry with a clear message and stores nothing', async () => {
    const before = await stored();
    const bad: [string, Record<string, unknown>][] = [
      ['ApiCResource', { events: [], report_time: 1 }],
      ['ApiCResource', { events: [{ ...event('click'), event_type: 'drop table' }], report_time: 1 }],
      ['ApiCResource', { events: [{ ...event('click'), view_type: 'nowhere' }], report_time: 1 }],
      ['ApiCResource', { events: Array.from({ length: 501 }, () => event('click')), report_time: 1 }],
      ['ApiCResource', { events: [event('click')] }],
      ['ApiSResource', { source: 'server', metrics }],
      ['ApiSResource', { source: 'browser', metrics: [{ kind: 'timing', name: 'first_input_delay', value: -1, tags: tags('home') }] }],
      ['ApiSResource', { source: 'browser', metrics: [{ kind: 'count', name: 'page_view', value: 1, tags: { page_type: 'home' } }] }],
      ['ApiSResource', { source: 'browser', metrics: [{ kind: 'gauge', name: 'x', value: 1, tags: tags('home') }] }],
    ];
    for (const [name, options] of bad) {
      const response = await memberClient.resource(name, 'create', options);
      expect(response.statusCode, JSON.stringify(options).slice(0, 200)).toBe(400);
      expect(errorOf(response)).not.toBe('');
    }
    expect((await ops.getResource('TelemetryDashboardResource', { days: 0 })).statusCode).toBe(400);
    expect((await ops.getResource('TelemetryDashboardResource', { days: 'all' })).statusCode).toBe(400);
    expect((await memberClient.post('/v3/spam/fingerprints/', { fingerprint: 'not hex' })).statusCode).toBe(400);
    expect((await memberClient.post('/v3/spam/fingerprints/', {})).statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('verifies a session with a solved proof-of-work challenge, once', async () => {
    const visitor = await visitorClient(t);
    expect((await visitor.get('/v3/sessions/challenge/')).statusCode).toBe(401);
    const issued = (await memberClient.get('/v3/sessions/challenge/')).json<{ data: { challenge: string; bits: number } }>().data;
    let nonce = 0;
    const digest = (n: number) =>
      crypto
        .createHash('sha256')
        .update(`${issued.challenge}.${String(n)}`)
        .digest();
    while (!hasLeadingZeroBits(digest(nonce), issued.bits)) nonce += 1;
    const put = (client: TestClient, token: string) =>
      client.request({ method: 'PUT', url: '/v3/sessions/verify/', payload: { recaptcha_token: token }, headers: { 'content-type': 'application/json' } });
    const wrong = nonce === 0 ? 1 : 0;
    if (!hasLeadingZeroBits(digest(wrong), issued.bits)) {
      const unsolved = await put(memberClient, `${issued.challenge}.${String(wrong)}`);
      expect(unsolved.statusCode).toBe(400);
      expect(unsolved.json<{ message: string }>().message).toContain('not solved');
    }
    const again = (await memberClient.get('/v3/sessions/challenge/')).json<{ data: { challenge: string } }>().data;
    const other = await signIn(t, await makeUser(t.deps, 'other'));
    expect((await put(other, `${again.challenge}.0`)).statusCode).toBe(400);
    expect((await put(memberClient, '')).statusCode).toBe(400);
    expect((await put(memberClient, 'a.b.c')).statusCode).toBe(400);
    const fresh = (await memberClient.get('/v3/sessions/challenge/')).json<{ data: { challenge: string; bits: number } }>().data;
    let n = 0;
    while (
      !hasLeadingZeroBits(
        crypto
          .createHash('sha256')
          .update(`${fresh.challenge}.${String(n)}`)
          .digest(),
        fresh.bits,
      )
    )
      n += 1;
    expect((await put(memberClient, `${fresh.challenge}.${String(n)}`)).statusCode).toBe(200);
    expect((await put(memberClient, `${fresh.challenge}.${String(n)}`)).statusCode).toBe(400);
  });

  it('answers /v3/batch/ with this browser accounts only, sorted by name', async () => {
    const me = (
      await memberClient.post('/v3/batch/', {
        requests: JSON.stringify([
          { method: 'GET', uri: `/v3/users/${member.id}/` },
          { method: 'GET', uri: '/v3/users/999/' },
        ]),
      })
    ).json<{
      data: { status: string; data: { id: string } | null }[];
    }>();
    expect(me.data.map((item) => item.status)).toEqual(['success', 'failure']);
    expect(me.data[0]?.data?.id).toBe(member.id);
    expect((await memberClient.post('/v3/batch/', { requests: '[]' })).statusCode).toBe(400);
    expect((await memberClient.post('/v3/batch/', { requests: 'not json' })).statusCode).toBe(400);
    expect((await memberClient.post('/v3/batch/', { requests: JSON.stringify([{ method: 'GET', uri: '/v3/boards/1/' }]) })).statusCode).toBe(400);
    expect((await (await visitorClient(t)).post('/v3/batch/', { requests: JSON.stringify([{ method: 'GET', uri: '/v3/users/1/' }]) })).statusCode).toBe(401);
  });
});
