import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceGetUrl, startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

/** Keeps the event loop from turning, as a burst of synchronous work would. */
function blockLoop(milliseconds: number): void {
  const until = performance.now() + milliseconds;
  while (performance.now() < until);
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Blocks the loop until the admission check has seen it lag; false if it never did. */
async function saturate(t: TestApp): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    blockLoop(150);
    await turn();
    if (t.app.isUnderPressure()) return true;
  }
  return false;
}

/** Lets the loop turn freely until the check has seen it recover; false if it never did. */
async function recover(t: TestApp): Promise<boolean> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    await turn();
    if (!t.app.isUnderPressure()) return true;
  }
  return false;
}

describe.each(databaseKinds)('admission control on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A long sample keeps the pressure seen for a while, so the requests below meet it; a floor of
    // one request in progress refuses every request, so the few below stand for a crowd.
    const env = { ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '50', ADMISSION_SAMPLE_INTERVAL_MS: '1000', ADMISSION_MIN_IN_FLIGHT: '1' };
    t = await startTestApp(kind, { worker: false, env });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses requests with 503 and Retry-After while the loop lags, answers health checks, and admits again once it runs freely', async () => {
    expect(await recover(t)).toBe(true);
    expect(await saturate(t)).toBe(true);
    const [resource, rest, health, ready] = await Promise.all([
      t.app.inject({ method: 'GET', url: resourceGetUrl('PersonalAccessTokenResource') }),
      t.app.inject({ method: 'GET', url: '/v3/users/me/' }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/readyz' }),
    ]);
    expect(resource.statusCode).toBe(503);
    expect(resource.headers['retry-after']).toBe('1');
    expect(resource.json()).toMatchObject({ resource_response: { status: 'failure', error: { http_status: 503 } } });
    expect(rest.statusCode).toBe(503);
    expect(rest.headers['retry-after']).toBe('1');
    expect(rest.json()).toMatchObject({ status: 'failure', http_status: 503 });
    expect(health.statusCode).toBe(200);
    expect(ready.statusCode).toBe(200);

    expect(await recover(t)).toBe(true);
    const after = await t.app.inject({ method: 'GET', url: '/v3/users/me/' });
    expect(after.statusCode).not.toBe(503);
  });
});

describe.each(databaseKinds)('a lagging loop without a backlog on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The default floor of requests in progress (32) stands; only the loop's threshold is low.
    t = await startTestApp(kind, { worker: false, env: { ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '50', ADMISSION_SAMPLE_INTERVAL_MS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('admits the few requests of one page load even while the loop lags', async () => {
    expect(await recover(t)).toBe(true);
    expect(await saturate(t)).toBe(true);
    const page = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/v3/users/me/' })));
    expect(t.app.isUnderPressure()).toBe(true);
    expect(page.map((response) => response.statusCode).filter((status) => status === 503)).toEqual([]);
  });
});

describe.each(databaseKinds)('the in-flight limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { ADMISSION_MAX_IN_FLIGHT: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses what is past the limit of requests in progress and admits again once they are answered', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'GET', url: '/v3/users/me/' })));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 503)).toHaveLength(4);
    expect(burst.find((response) => response.statusCode === 503)?.headers['retry-after']).toBe('1');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/v3/users/me/' });
    expect(after.statusCode).not.toBe(503);
  });
});
