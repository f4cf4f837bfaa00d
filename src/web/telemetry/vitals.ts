import type { TimedMetric } from '../../shared/telemetry.ts';

/**
 * Web vitals from the browser's performance entries: first-input delay, largest contentful paint
 * (the last one before the page is hidden), time to first byte and the slowest interaction.
 */
export function observeVitals(report: (name: TimedMetric, ms: number) => void): () => void {
  const observers: PerformanceObserver[] = [];
  const observe = (type: string, onEntries: (entries: PerformanceEntry[]) => void, extra: Record<string, unknown> = {}) => {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
    const observer = new PerformanceObserver((list) => {
      onEntries(list.getEntries());
    });
    observer.observe({ type, buffered: true, ...extra });
    observers.push(observer);
  };
  observe('first-input', (entries) => {
    const first = entries[0] as PerformanceEventTiming | undefined;
    if (first) report('first_input_delay', first.processingStart - first.startTime);
  });
  let lcp = 0;
  observe('largest-contentful-paint', (entries) => {
    lcp = entries.at(-1)?.startTime ?? lcp;
  });
  let slowest = 0;
  observe(
    'event',
    (entries) => {
      for (const entry of entries) slowest = Math.max(slowest, entry.duration);
    },
    { durationThreshold: 40 },
  );
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation) report('time_to_first_byte', navigation.responseStart);
  return () => {
    for (const observer of observers) observer.disconnect();
    if (lcp > 0) report('largest_contentful_paint', lcp);
    if (slowest > 0) report('interaction_to_next_paint', slowest);
    lcp = 0;
    slowest = 0;
  };
}
