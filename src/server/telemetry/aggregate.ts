import type { LoggingEvent, Metric } from '../../shared/contracts/telemetry.ts';
import { firstInputClass, LATENCY_BUCKETS_MS, latencyBucket } from '../../shared/telemetry.ts';
import type { TelemetryCountsTable, TelemetryLatencyTable } from '../db/schema/experiments.ts';

/**
 * Telemetry becomes aggregates before it reaches the database (docs/decisions/0042): counts per
 * day, page and name, latency histograms per day, page, metric and bucket. Nothing that names a
 * person (ids, object ids, free text) survives this step. Pure, so the rules are unit tested.
 */

/** `2026-11-28`: the UTC day of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export type Aggregates = { counts: TelemetryCountsTable[]; latencies: TelemetryLatencyTable[] };

/** The count name of a context event type. */
export function eventCountName(eventType: string): string {
  return `event:${eventType}`;
}

function add<T extends { count: number }>(into: Map<string, T>, key: string, row: T): void {
  const known = into.get(key);
  if (known) known.count += row.count;
  else into.set(key, { ...row });
}

/** Context events as counts; `member_active` counts only when a member sent it. */
export function aggregateEvents(events: readonly LoggingEvent[], day: string, member: boolean): TelemetryCountsTable[] {
  const counts = new Map<string, TelemetryCountsTable>();
  for (const event of events) {
    if (event.event_type === 'member_active' && !member) continue;
    const name = eventCountName(event.event_type);
    add(counts, `${event.view_type}\n${name}`, { day, page: event.view_type, name, count: 1 });
  }
  return [...counts.values()];
}

/** Metrics as counts (page views, errors) and latency histograms (web vitals). */
export function aggregateMetrics(metrics: readonly Metric[], day: string): Aggregates {
  const counts = new Map<string, TelemetryCountsTable>();
  const latencies = new Map<string, TelemetryLatencyTable>();
  for (const metric of metrics) {
    const page = metric.tags.page_type;
    if (metric.kind === 'count') {
      add(counts, `${page}\n${metric.name}`, { day, page, name: metric.name, count: metric.value });
    } else {
      const bucket = latencyBucket(metric.value);
      add(latencies, `${page}\n${metric.name}\n${String(bucket)}`, { day, page, metric: metric.name, bucket, count: 1 });
    }
  }
  return { counts: [...counts.values()], latencies: [...latencies.values()] };
}

/** The upper bound (ms) of a bucket; the open last bucket reports its lower bound. */
export function bucketBound(bucket: number): number {
  return LATENCY_BUCKETS_MS[Math.min(bucket, LATENCY_BUCKETS_MS.length - 1)] ?? 0;
}

/** The bound of the bucket that holds the 75th percentile of a histogram. */
export function p75(histogram: readonly { bucket: number; count: number }[]): number {
  const sorted = [...histogram].sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, h) => sum + h.count, 0);
  let seen = 0;
  for (const h of sorted) {
    seen += h.count;
    if (seen >= total * 0.75) return bucketBound(h.bucket);
  }
  return 0;
}

/** First-input samples per class; the buckets' bounds include 100 and 300 ms, so each bucket lies in one class. */
export function firstInputClasses(histogram: readonly { bucket: number; count: number }[]) {
  const classes = { good: 0, needs_improvement: 0, poor: 0 };
  for (const h of histogram) {
    const below = h.bucket === 0 ? 0 : bucketBound(h.bucket - 1);
    classes[h.bucket >= LATENCY_BUCKETS_MS.length ? 'poor' : firstInputClass(below)] += h.count;
  }
  return classes;
}
