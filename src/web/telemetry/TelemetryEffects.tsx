import { useCallback, useEffect, useRef } from 'react';
import type { LoggingEvent, PageViewTags } from '../../shared/contracts/telemetry.ts';
import { pageTypeOf } from '../../shared/telemetry.ts';
import { useApp } from '../app/context.ts';
import { useRouter } from '../router/Router.tsx';
import { FINGERPRINT_DELAY_MS, sendFingerprint, VERIFY_DELAY_MS, verifySession, whenOnline } from './client-signals.ts';
import { createContextLog, type ContextLog } from './context-log.ts';
import { createMetricsReporter, type MetricsReporter } from './metrics.ts';
import { analyticsConsented, sendResource } from './transport.ts';
import { observeVitals } from './vitals.ts';

type Pipes = { events: ContextLog; metrics: MetricsReporter };

const ACTIVE_DAY_KEY = 'cb-active-day';
let signalsSent = false;

function uniqueId(): string {
  return crypto.randomUUID();
}

function contextEvent(event_type: LoggingEvent['event_type'], handlerId: string, extra: Partial<LoggingEvent> = {}): LoggingEvent {
  return {
    event_type,
    view_type: pageTypeOf(handlerId),
    time: Date.now(),
    unique_id: uniqueId(),
    app_state: document.hidden ? 'background' : 'active',
    ...extra,
  };
}

/** Once a day per browser a signed-in member counts as active (a count of the day, nobody's row). */
function firstVisitToday(): boolean {
  const today = new Date().toISOString().slice(0, 10);
  try {
    if (localStorage.getItem(ACTIVE_DAY_KEY) === today) return false;
    localStorage.setItem(ACTIVE_DAY_KEY, today);
  } catch {
    return false;
  }
  return true;
}

/** The fingerprint 300 ms after load (not in limited login) and, signed in, the session challenge; failures only count. */
function useClientSignals(onFailure: () => void): void {
  const { state } = useApp();
  const viewer = state.viewer;
  useEffect(() => {
    if (signalsSent) return;
    signalsSent = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const waits: (() => void)[] = [];
    const later = (send: () => Promise<void>, delay: number) =>
      timers.push(setTimeout(() => waits.push(whenOnline(() => void send().catch(onFailure))), delay));
    if (viewer?.login_state !== 'limited') later(sendFingerprint, FINGERPRINT_DELAY_MS);
    if (viewer) later(verifySession, VERIFY_DELAY_MS);
    return () => {
      for (const timer of timers) clearTimeout(timer);
      for (const cancel of waits) cancel();
    };
  }, [viewer, onFailure]);
}

/**
 * The page's telemetry (spec sections 7 and 9), only with the viewer's analytics consent: context
 * events and sampled metrics in batches, web vitals, page views per route, exposures of the
 * viewer's experiment groups; everything pending leaves when the page is hidden.
 */
export function TelemetryEffects() {
  const { bootstrap, state } = useApp();
  const { view } = useRouter();
  const viewer = state.viewer;
  const pipes = useRef<Pipes | null>(null);
  const signedIn = state.viewer !== null;

  const tags = (handlerId: string): PageViewTags => ({
    page_type: pageTypeOf(handlerId),
    signed_in: signedIn,
    platform: bootstrap.isMobile ? 'mobile' : 'desktop',
    domain: window.location.hostname,
    referrer: document.referrer ? new URL(document.referrer).hostname : 'direct',
  });

  // The consent cookie is read in the browser only: never while the server renders.
  useEffect(() => {
    if (!analyticsConsented(viewer)) return;
    const events = createContextLog({
      send: (batch) => {
        sendResource('ApiCResource', { events: batch, report_time: Date.now() });
      },
      desktopSignedIn: signedIn && !bootstrap.isMobile,
    });
    const metrics = createMetricsReporter({
      send: (batch) => {
        sendResource('ApiSResource', { source: 'browser', metrics: batch });
      },
    });
    pipes.current = { events, metrics };
    const handlerAtStart = bootstrap.initialHandlerId;
    const stopVitals = observeVitals((name, ms) => {
      metrics.timing(name, ms, tags(handlerAtStart));
    });
    const active = Object.entries(bootstrap.experiments.active).map(([experiment_name, experiment_group]) => ({ experiment_name, experiment_group }));
    if (active.length > 0) sendResource('ActivateExperimentResource', { experiments: active.slice(0, 50) });
    if (signedIn && firstVisitToday()) events.log(contextEvent('member_active', handlerAtStart));
    const leave = () => {
      stopVitals();
      events.flush(true);
      metrics.flush(true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibility);
      metrics.stop();
      pipes.current = null;
    };
    // The pipes live for the page load; tags read the route when each metric is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer]);

  useEffect(() => {
    const current = pipes.current;
    if (!current) return;
    current.metrics.count('page_view', 'traffic', tags(view.handlerId));
    current.events.log(contextEvent('view', view.handlerId));
    // One page view per route change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.key, viewer]);

  const onSignalFailure = useCallback(() => {
    pipes.current?.metrics.count('signal_failure', 'default', { page_type: 'other', signed_in: signedIn });
  }, [signedIn]);
  useClientSignals(onSignalFailure);
  return null;
}
