/**
 * Telemetry of the web client (spec sections 3, 7 and 9): context events (ApiCResource) and
 * metrics (ApiSResource). The numbers are the spec's; the server keeps only aggregates of them.
 */

/** Context event batches: flushed by the long timer, the short one for one view pair, or when full. */
export const CONTEXT_FLUSH_LONG_MS = 10_000;
export const CONTEXT_FLUSH_SHORT_MS = 300;
export const CONTEXT_BATCH_CAP_BYTES = 20_480;
/** The one view type pair that flushes after the short timer (desktop, signed in): a pin opened from a grid. */
export const SHORT_FLUSH_VIEW = { view_type: 'pin', view_parameter: 'closeup' } as const;

/** Metrics are sent in batches, every 5000 ms. */
export const METRICS_FLUSH_MS = 5_000;

/** Spec section 9: the share of occurrences kept (one metric in ten, one string usage in ten thousand). */
export const SAMPLE_RATES = { traffic: 0.1, string_usage: 0.0001, error_boundary: 0.1, default: 0.1 } as const;
export type SampleKind = keyof typeof SAMPLE_RATES;

/** Page types a metric or event is tagged with (bounded, so aggregates stay small). */
export const PAGE_TYPES = [
  'home',
  'pin',
  'board',
  'profile',
  'search',
  'topic',
  'today',
  'ideas',
  'videos',
  'shopping',
  'settings',
  'admin',
  'auth',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** Context event types the client logs. */
export const CONTEXT_EVENT_TYPES = ['view', 'click', 'closeup', 'save', 'search', 'share', 'member_active'] as const;
export type ContextEventType = (typeof CONTEXT_EVENT_TYPES)[number];

/** Timed metrics (web vitals), milliseconds. */
export const TIMED_METRICS = ['first_input_delay', 'largest_contentful_paint', 'time_to_first_byte', 'interaction_to_next_paint'] as const;
export type TimedMetric = (typeof TIMED_METRICS)[number];

export const COUNTED_METRICS = ['page_view', 'error_boundary', 'signal_failure'] as const;
export type CountedMetric = (typeof COUNTED_METRICS)[number];

/** Latency histogram bucket upper bounds (ms); the last bucket holds everything above. */
export const LATENCY_BUCKETS_MS = [50, 100, 200, 300, 500, 800, 1200, 2000, 3000, 5000, 8000] as const;

export function latencyBucket(ms: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => ms < bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

export type FirstInputClass = 'good' | 'needs_improvement' | 'poor';

/** Spec section 9: good below 100 ms, needs improvement below 300 ms, poor otherwise. */
export function firstInputClass(ms: number): FirstInputClass {
  if (ms < 100) return 'good';
  if (ms < 300) return 'needs_improvement';
  return 'poor';
}

/** The page type of a route's handler id (`pin/[id]` → pin). */
export function pageTypeOf(handlerId: string): PageType {
  const head = handlerId.split('/')[0] ?? '';
  if (handlerId === 'index' || head === 'homefeed') return 'home';
  if (head === '[username]') return (handlerId.split('/')[1] ?? '_').startsWith('_') ? 'profile' : 'board';
  if (head === 'login' || head === 'signup' || head === 'password') return 'auth';
  if (head === 'topics') return 'topic';
  return (PAGE_TYPES as readonly string[]).includes(head) ? (head as PageType) : 'other';
}
