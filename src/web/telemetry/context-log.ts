import type { LoggingEvent } from '../../shared/contracts/telemetry.ts';
import { CONTEXT_BATCH_CAP_BYTES, CONTEXT_FLUSH_LONG_MS, CONTEXT_FLUSH_SHORT_MS, SHORT_FLUSH_VIEW } from '../../shared/telemetry.ts';
import { browserTimers, type Timers } from './timers.ts';

/**
 * Context events (ApiCResource) batched as spec section 9 says: sent 10,000 ms after the first of a
 * batch, 300 ms after an event of the one short-flush view pair (signed-in desktop only), at once
 * when the next event would take the batch past 20,480 bytes, and on unload (`unload: true`).
 */

export type SendEvents = (events: LoggingEvent[], unload: boolean) => void;

export type ContextLog = {
  log: (event: LoggingEvent) => void;
  flush: (unload?: boolean) => void;
  /** Bytes waiting to be sent. */
  pendingBytes: () => number;
};

const encoder = new TextEncoder();

export function eventBytes(event: LoggingEvent): number {
  return encoder.encode(JSON.stringify(event)).length;
}

function shortFlush(event: LoggingEvent): boolean {
  return event.view_type === SHORT_FLUSH_VIEW.view_type && event.view_parameter === SHORT_FLUSH_VIEW.view_parameter;
}

export function createContextLog(options: { send: SendEvents; desktopSignedIn: boolean; timers?: Timers }): ContextLog {
  const timers = options.timers ?? browserTimers;
  let batch: LoggingEvent[] = [];
  let bytes = 0;
  let timer: { handle: unknown; due: number } | null = null;

  const flush = (unload = false) => {
    if (timer) timers.clear(timer.handle);
    timer = null;
    if (batch.length === 0) return;
    const events = batch;
    batch = [];
    bytes = 0;
    options.send(events, unload);
  };

  /** Keeps the earlier of the running timer and a new one of `ms`. */
  const schedule = (ms: number) => {
    const due = Date.now() + ms;
    if (timer && timer.due <= due) return;
    if (timer) timers.clear(timer.handle);
    timer = {
      handle: timers.set(() => {
        flush(false);
      }, ms),
      due,
    };
  };

  const log = (event: LoggingEvent) => {
    const size = eventBytes(event);
    if (size > CONTEXT_BATCH_CAP_BYTES) return;
    if (bytes + size > CONTEXT_BATCH_CAP_BYTES) flush(false);
    batch.push(event);
    bytes += size;
    schedule(options.desktopSignedIn && shortFlush(event) ? CONTEXT_FLUSH_SHORT_MS : CONTEXT_FLUSH_LONG_MS);
  };

  return { log, flush, pendingBytes: () => bytes };
}
