import type { Metric, PageViewTags } from '../../shared/contracts/telemetry.ts';
import { METRICS_FLUSH_MS, SAMPLE_RATES, type CountedMetric, type SampleKind, type TimedMetric } from '../../shared/telemetry.ts';

/**
 * Metrics (ApiSResource) of spec sections 7 and 9: each kept with its kind's sample rate, a kept
 * count weighted by the inverse of the rate (so totals estimate every view), sent in one batch
 * every 5,000 ms and on unload.
 */

export type SendMetrics = (metrics: Metric[], unload: boolean) => void;

/** Whether to keep one occurrence of a metric of this kind. */
export function sampled(kind: SampleKind, random: () => number = Math.random): boolean {
  return random() < SAMPLE_RATES[kind];
}

/** A kept count stands for this many. */
export function sampleWeight(kind: SampleKind): number {
  return Math.round(1 / SAMPLE_RATES[kind]);
}

export type MetricsReporter = {
  count: (name: CountedMetric, kind: SampleKind, tags: PageViewTags) => void;
  timing: (name: TimedMetric, ms: number, tags: PageViewTags) => void;
  flush: (unload?: boolean) => void;
  stop: () => void;
};

export function createMetricsReporter(options: { send: SendMetrics; random?: () => number }): MetricsReporter {
  const random = options.random ?? Math.random;
  let pending: Metric[] = [];
  const flush = (unload = false) => {
    if (pending.length === 0) return;
    const metrics = pending;
    pending = [];
    options.send(metrics, unload);
  };
  const interval = setInterval(() => {
    flush(false);
  }, METRICS_FLUSH_MS);
  return {
    count: (name, kind, tags) => {
      if (sampled(kind, random)) pending.push({ kind: 'count', name, value: sampleWeight(kind), tags });
    },
    timing: (name, ms, tags) => {
      if (sampled('default', random)) pending.push({ kind: 'timing', name, value: Math.min(Math.max(0, Math.round(ms)), 600_000), tags });
    },
    flush,
    stop: () => {
      clearInterval(interval);
    },
  };
}
