import { z } from 'zod';
import { CONTEXT_EVENT_TYPES, COUNTED_METRICS, PAGE_TYPES, TIMED_METRICS } from '../telemetry.ts';
import { restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * Telemetry (spec sections 3, 7 and 9; docs/decisions/0042): context events and metrics from the
 * browser, kept as aggregates when the viewer allowed analytics, and the operators' dashboard.
 */

const Short = z.string().max(200);
const PageType = z.enum(PAGE_TYPES);

/** Spec section 3's logging event; what the server keeps of it is a count per day, page and type. */
export const LoggingEvent = z.object({
  event_type: z.enum(CONTEXT_EVENT_TYPES),
  view_type: PageType,
  view_parameter: Short.optional(),
  view_data: z.record(z.string(), z.unknown()).optional(),
  component: Short.optional(),
  element: Short.optional(),
  object_id_str: Short.optional(),
  aux_data: z.record(z.string(), z.unknown()).optional(),
  event_data: z.record(z.string(), z.unknown()).optional(),
  time: z.number().int().nonnegative(),
  unique_id: z.string().max(64),
  app_state: z.enum(['active', 'background']).optional(),
});
export type LoggingEvent = z.infer<typeof LoggingEvent>;

/** ApiCResource create {events, report_time}: a batch of context events (capped at 20,480 bytes by the client). */
export const ApiCResource = resourceContract({
  name: 'ApiCResource',
  verbs: {
    create: {
      input: z.object({ events: z.array(LoggingEvent).min(1).max(500), report_time: z.number().int().nonnegative() }),
      output: z.object({ stored: z.number().int() }),
    },
  },
});

/** Spec section 3's page-view metric tags. */
export const PageViewTags = z.object({
  domain: Short.optional(),
  referrer: Short.optional(),
  platform: Short.optional(),
  browser: Short.optional(),
  bot_type: Short.optional(),
  page_type: PageType,
  signed_in: z.boolean(),
  module: Short.optional(),
  first_visit: z.boolean().optional(),
});
export type PageViewTags = z.infer<typeof PageViewTags>;

export const Metric = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('count'), name: z.enum(COUNTED_METRICS), value: z.number().int().min(1).max(1000), tags: PageViewTags }),
  z.object({ kind: z.literal('timing'), name: z.enum(TIMED_METRICS), value: z.number().min(0).max(600_000), tags: PageViewTags }),
]);
export type Metric = z.infer<typeof Metric>;

/** ApiSResource create {source: 'browser', metrics}: the sampled metrics batched every 5000 ms. */
export const ApiSResource = resourceContract({
  name: 'ApiSResource',
  verbs: {
    create: {
      input: z.object({ source: z.literal('browser'), metrics: z.array(Metric).min(1).max(500) }),
      output: z.object({ stored: z.number().int() }),
    },
  },
});

const DayCount = z.object({ day: z.string(), count: z.number() });

export const VitalsRow = z.object({
  page: z.string(),
  metric: z.string(),
  samples: z.number(),
  /** Milliseconds, from the histogram: the upper bound of the bucket holding the 75th percentile. */
  p75: z.number(),
  /** First input only: samples per class of spec section 9. */
  classes: z.object({ good: z.number(), needs_improvement: z.number(), poor: z.number() }).nullable(),
});
export type VitalsRow = z.infer<typeof VitalsRow>;

export const TelemetryDashboard = z.object({
  days: z.array(z.string()),
  members_active: z.array(DayCount),
  saves: z.array(DayCount),
  searches: z.array(DayCount),
  page_views: z.array(DayCount),
  vitals: z.array(VitalsRow),
});
export type TelemetryDashboard = z.infer<typeof TelemetryDashboard>;

/** TelemetryDashboardResource get {days}: the operators' dashboard of the last days (UTC). */
export const TelemetryDashboardResource = resourceContract({
  name: 'TelemetryDashboardResource',
  verbs: { get: { input: z.object({ days: z.number().int().min(1).max(90).default(30) }), output: TelemetryDashboard } },
});

/** Issued by GET /v3/sessions/challenge/: find a nonce whose SHA-256 with the challenge starts with `bits` zero bits. */
export const SessionChallenge = z.object({ challenge: z.string(), bits: z.number().int(), expires_at: z.number().int() });
export type SessionChallenge = z.infer<typeof SessionChallenge>;

export const SessionChallengeRoute = { querystring: z.object({}), response: { 200: restAnswer(SessionChallenge) } };

/** PUT /v3/sessions/verify/ {recaptcha_token}: the solved challenge, as `challenge.nonce`. */
export const SessionVerifyRoute = {
  body: z.object({ recaptcha_token: z.string().min(1, 'Required').max(400) }),
  response: { 200: restAnswer(z.object({ verified: z.literal(true) })) },
};

/** POST /v3/spam/fingerprints/ {fingerprint}: a browser fingerprint hash, counted per day. */
export const SpamFingerprintRoute = {
  body: z.object({ fingerprint: z.string().regex(/^[0-9a-f]{16,128}$/, 'A fingerprint is a hexadecimal hash.') }),
  response: { 200: restAnswer(z.null()) },
};
