import type { Actor } from '../access/actor.ts';
import { requireOperator } from '../access/operators.ts';
import type { Deps } from '../deps.ts';
import { transact } from '../db/transaction.ts';
import type { LoggingEvent, Metric, TelemetryDashboard, VitalsRow } from '../../shared/contracts/telemetry.ts';
import { aggregateEvents, aggregateMetrics, eventCountName, firstInputClasses, p75, utcDay } from './aggregate.ts';
import { analyticsAllowed } from './consent.ts';
import { addCounts, addLatencies, countsByDay, latencyHistograms, pageCountsByDay, savesByDay } from './telemetry.repo.ts';

/**
 * Telemetry from browsers (spec sections 3, 7, 9; docs/decisions/0042): stored as aggregates and
 * only when the viewer allowed analytics; a viewer who did not is answered alike, and nothing of
 * theirs is kept.
 */

type Cookies = Readonly<Record<string, string | undefined>>;

/** ApiCResource create: context events counted per day, page and event type. Answers how many were kept. */
export async function ingestContextEvents(deps: Deps, actor: Actor, events: readonly LoggingEvent[], cookies: Cookies, now = Date.now()): Promise<number> {
  if (!(await analyticsAllowed(deps, actor, cookies))) return 0;
  const counts = aggregateEvents(events, utcDay(now), actor.kind !== 'visitor');
  await addCounts(deps.db, counts);
  return counts.reduce((sum, row) => sum + row.count, 0);
}

/** ApiSResource create: page views and errors counted, web vitals into histograms. */
export async function ingestMetrics(deps: Deps, actor: Actor, metrics: readonly Metric[], cookies: Cookies, now = Date.now()): Promise<number> {
  if (!(await analyticsAllowed(deps, actor, cookies))) return 0;
  const { counts, latencies } = aggregateMetrics(metrics, utcDay(now));
  // One statement commits alone; both kinds in one call commit together.
  if (counts.length === 0) await addLatencies(deps.db, latencies);
  else if (latencies.length === 0) await addCounts(deps.db, counts);
  else
    await transact(deps.db, async (trx) => {
      await addCounts(trx, counts);
      await addLatencies(trx, latencies);
    });
  return metrics.length;
}

const DAY_MS = 86_400_000;

/** The last `days` UTC days, oldest first, ending today. */
export function dayRange(days: number, now: number): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(now - (days - 1 - i) * DAY_MS));
}

function series(days: readonly string[], rows: readonly { day: string; count: number }[]) {
  return days.map((day) => ({ day, count: rows.filter((r) => r.day === day).reduce((sum, r) => sum + r.count, 0) }));
}

function vitalsOf(histograms: Awaited<ReturnType<typeof latencyHistograms>>): VitalsRow[] {
  const groups = new Map<string, { page: string; metric: string; buckets: { bucket: number; count: number }[] }>();
  for (const h of histograms) {
    const key = `${h.page}\n${h.metric}`;
    const group = groups.get(key) ?? { page: h.page, metric: h.metric, buckets: [] };
    group.buckets.push({ bucket: h.bucket, count: h.count });
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ page, metric, buckets }) => ({
      page,
      metric,
      samples: buckets.reduce((sum, b) => sum + b.count, 0),
      p75: p75(buckets),
      classes: metric === 'first_input_delay' ? firstInputClasses(buckets) : null,
    }))
    .sort((a, b) => a.metric.localeCompare(b.metric) || a.page.localeCompare(b.page));
}

/** TelemetryDashboardResource get: the operators' charts of the last `days` days. */
export async function telemetryDashboard(deps: Deps, actor: Actor, days: number, now = Date.now()): Promise<TelemetryDashboard> {
  await requireOperator(deps, actor);
  const range = dayRange(days, now);
  const from = range[0] ?? utcDay(now);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const [counts, searches, saves, histograms] = await Promise.all([
    countsByDay(deps.db, [eventCountName('member_active'), 'page_view'], from),
    pageCountsByDay(deps.db, 'page_view', 'search', from),
    savesByDay(deps.db, fromMs),
    latencyHistograms(deps.db, from),
  ]);
  return {
    days: range,
    members_active: series(
      range,
      counts.filter((c) => c.name === eventCountName('member_active')),
    ),
    page_views: series(
      range,
      counts.filter((c) => c.name === 'page_view'),
    ),
    searches: series(range, searches),
    saves: series(
      range,
      saves.map((s) => ({ day: utcDay(s.day * DAY_MS), count: s.count })),
    ),
    vitals: vitalsOf(histograms),
  };
}

/** A client signal (a fingerprint sent, a session verified): a count of the day, with consent. */
export async function countClientSignal(
  deps: Deps,
  actor: Actor,
  name: 'spam_fingerprint' | 'session_verified',
  cookies: Cookies,
  now = Date.now(),
): Promise<void> {
  if (!(await analyticsAllowed(deps, actor, cookies))) return;
  await addCounts(deps.db, [{ day: utcDay(now), page: 'other', name, count: 1 }]);
}
