import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aggregateEvents, aggregateMetrics, firstInputClasses, p75 } from '../../../src/server/telemetry/aggregate.ts';
import type { LoggingEvent, Metric } from '../../../src/shared/contracts/telemetry.ts';
import { sortAccounts } from '../../../src/shared/contracts/batch.ts';
import { hasLeadingZeroBits } from '../../../src/shared/proof-of-work.ts';
import { firstInputClass, latencyBucket, pageTypeOf, SAMPLE_RATES } from '../../../src/shared/telemetry.ts';
import { createContextLog, eventBytes } from '../../../src/web/telemetry/context-log.ts';
import { createMetricsReporter, sampled, sampleWeight } from '../../../src/web/telemetry/metrics.ts';

let sequence = 0;
const event = (extra: Partial<LoggingEvent> = {}): LoggingEvent => ({
  event_type: 'click',
  view_type: 'home',
  time: 1,
  unique_id: String((sequence += 1)),
  ...extra,
});

describe('first-input classes (spec section 9)', () => {
  it('good below 100 ms, needs improvement below 300 ms, poor otherwise', () => {
    expect(firstInputClass(0)).toBe('good');
    expect(firstInputClass(99.9)).toBe('good');
    expect(firstInputClass(100)).toBe('needs_improvement');
    expect(firstInputClass(299)).toBe('needs_improvement');
    expect(firstInputClass(300)).toBe('poor');
  });

  it('each histogram bucket falls in one class', () => {
    const histogram = [40, 99, 100, 250, 300, 9000].map((ms) => ({ bucket: latencyBucket(ms), count: 1 }));
    expect(firstInputClasses(histogram)).toEqual({ good: 2, needs_improvement: 2, poor: 2 });
    expect(p75(histogram)).toBe(500);
  });
});

describe('context event batches (spec section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flush 10,000 ms after the first event of a batch', () => {
    const sent: LoggingEvent[][] = [];
    const log = createContextLog({ send: (events) => sent.push(events), desktopSignedIn: true });
    log.log(event());
    vi.advanceTimersByTime(5_000);
    log.log(event());
    vi.advanceTimersByTime(4_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent.map((b) => b.length)).toEqual([2]);
  });

  it('flush 300 ms after the short-flush view pair, for signed-in desktop only', () => {
    const sent: LoggingEvent[][] = [];
    const desktop = createContextLog({ send: (events) => sent.push(events), desktopSignedIn: true });
    desktop.log(event());
    desktop.log(event({ view_type: 'pin', view_parameter: 'closeup' }));
    vi.advanceTimersByTime(300);
    expect(sent.map((b) => b.length)).toEqual([2]);
    const phone = createContextLog({ send: (events) => sent.push(events), desktopSignedIn: false });
    phone.log(event({ view_type: 'pin', view_parameter: 'closeup' }));
    vi.advanceTimersByTime(9_999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
  });

  it('never sends a batch above 20,480 bytes', () => {
    const sent: LoggingEvent[][] = [];
    const log = createContextLog({ send: (events) => sent.push(events), desktopSignedIn: false });
    const big = () => event({ component: 'x'.repeat(180), aux_data: { note: 'y'.repeat(1500) } });
    for (let i = 0; i < 40; i += 1) log.log(big());
    log.flush();
    expect(sent.length).toBeGreaterThan(1);
    for (const batch of sent) expect(batch.reduce((sum, e) => sum + eventBytes(e), 0)).toBeLessThanOrEqual(20_480);
    expect(sent.flat()).toHaveLength(40);
  });

  it('sends what is pending on unload, marked so', () => {
    const sent: { events: LoggingEvent[]; unload: boolean }[] = [];
    const log = createContextLog({ send: (events, unload) => sent.push({ events, unload }), desktopSignedIn: true });
    log.log(event());
    log.flush(true);
    vi.advanceTimersByTime(20_000);
    expect(sent).toEqual([{ events: [expect.objectContaining({ event_type: 'click' })], unload: true }]);
  });
});

describe('metrics (spec sections 7 and 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the sample rates are the spec ones; a kept count stands for the ones dropped', () => {
    expect(SAMPLE_RATES).toEqual({ traffic: 0.1, string_usage: 0.0001, error_boundary: 0.1, default: 0.1 });
    expect(sampled('traffic', () => 0.09)).toBe(true);
    expect(sampled('traffic', () => 0.1)).toBe(false);
    expect(sampled('string_usage', () => 0.00009)).toBe(true);
    expect(sampleWeight('traffic')).toBe(10);
  });

  it('keeps about one in ten and sends them every 5,000 ms', () => {
    vi.useFakeTimers();
    const sent: Metric[][] = [];
    let seed = 7;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    const reporter = createMetricsReporter({ send: (metrics) => sent.push(metrics), random });
    for (let i = 0; i < 5000; i += 1) reporter.count('page_view', 'traffic', { page_type: 'home', signed_in: false });
    vi.advanceTimersByTime(4_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const kept = sent[0]?.length ?? 0;
    expect(kept).toBeGreaterThan(420);
    expect(kept).toBeLessThan(580);
    reporter.stop();
  });
});

describe('telemetry aggregates', () => {
  it('count events per page and type, member_active only from members, nothing personal', () => {
    const events = [event(), event(), event({ event_type: 'member_active', object_id_str: '99' })];
    expect(aggregateEvents(events, '2026-01-01', false)).toEqual([{ day: '2026-01-01', page: 'home', name: 'event:click', count: 2 }]);
    expect(aggregateEvents(events, '2026-01-01', true)).toHaveLength(2);
    const metrics: Metric[] = [
      { kind: 'count', name: 'page_view', value: 10, tags: { page_type: 'search', signed_in: true } },
      { kind: 'count', name: 'page_view', value: 10, tags: { page_type: 'search', signed_in: false } },
      { kind: 'timing', name: 'first_input_delay', value: 120, tags: { page_type: 'pin', signed_in: true } },
    ];
    expect(aggregateMetrics(metrics, 'd')).toEqual({
      counts: [{ day: 'd', page: 'search', name: 'page_view', count: 20 }],
      latencies: [{ day: 'd', page: 'pin', metric: 'first_input_delay', bucket: 2, count: 1 }],
    });
  });

  it('page types come from handler ids', () => {
    expect(pageTypeOf('index')).toBe('home');
    expect(pageTypeOf('pin/[id]')).toBe('pin');
    expect(pageTypeOf('[username]')).toBe('profile');
    expect(pageTypeOf('[username]/_saved')).toBe('profile');
    expect(pageTypeOf('[username]/[slug]')).toBe('board');
    expect(pageTypeOf('search/[scope]')).toBe('search');
    expect(pageTypeOf('admin/telemetry')).toBe('admin');
    expect(pageTypeOf('nowhere')).toBe('other');
  });
});

describe('the rest of section 7', () => {
  it('batch accounts sort by full name, or by username when any name is missing', () => {
    const named = [
      { full_name: 'Zoe', username: 'a' },
      { full_name: 'Adam', username: 'z' },
    ];
    expect(sortAccounts(named).map((a) => a.full_name)).toEqual(['Adam', 'Zoe']);
    expect(sortAccounts([...named, { full_name: '', username: 'm' }]).map((a) => a.username)).toEqual(['a', 'm', 'z']);
  });

  it('a proof of work needs the leading zero bits', () => {
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0b00000011]), 14)).toBe(true);
    expect(hasLeadingZeroBits(Uint8Array.from([0, 0b00000100]), 14)).toBe(false);
    expect(hasLeadingZeroBits(Uint8Array.from([1]), 8)).toBe(false);
  });
});
