import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { openLiveStream } from '../../support/live-stream.ts';
import { settle } from '../../support/settle.ts';
import { friends, listening, start } from './helpers.ts';

/*
 * The stream's upkeep (docs/decisions/0049): heartbeats while nothing happens, an end after
 * LIVE_STREAM_MAX_MS, and a reconnect from the last id that picks up what came meanwhile.
 */
describe.each(databaseKinds)('live stream upkeep on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { LIVE_HEARTBEAT_MS: '40', LIVE_STREAM_MAX_MS: '400' } });
    base = await listening(t);
    return () => t.close();
  });

  it('sends heartbeats, ends after its time, and a reconnect from its last id misses nothing sent in between', async () => {
    const [ana, ben] = await friends(t, 'hb', 'hc');
    // The follow's news hub badge is in Ben's log before the stream opens, not during it.
    await settle(t.deps);
    const stream = await openLiveStream(base, ben.browser.jar);
    await stream.waitFor((e) => e.length === 1);
    await stream.ended;
    expect(stream.comments).toBeGreaterThanOrEqual(2);
    expect(t.deps.replicas.live.openCount).toBe(0);
    const lastId = stream.events.at(-1)?.id ?? '';

    await start(ana, [ben], 'while away');
    const again = await openLiveStream(base, ben.browser.jar, { lastEventId: lastId });
    const events = await again.waitFor((e) => e.length >= 1);
    expect(events.map((e) => e.event)).toEqual(['message.created']);
    expect(events[0]?.id).toBe(String(Number(lastId) + 1));
    again.close();
  });
});
