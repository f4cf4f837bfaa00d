import { useCallback, useEffect, useRef, useState } from 'react';
import { NO_BLOCKING_ACTIONS } from '../../shared/blocking-actions.ts';
import type { BlockingActionJson } from '../../shared/contracts/blocking-actions.ts';
import { fetchBlockingActions } from './organize-api.ts';

export type BlockingActionsState =
  { status: 'loading' } | { status: 'none' } | { status: 'error'; error: unknown } | { status: 'ready'; actions: readonly BlockingActionJson[] };

/** How often the page asks again while an action runs: a step of the job moves 20 pins. */
const POLL_MS = 700;

const stateOfFailure = (error: unknown): BlockingActionsState =>
  error instanceof Error && error.message === NO_BLOCKING_ACTIONS ? { status: 'none' } : { status: 'error', error };

/**
 * A board's blocking actions, read again while one runs; `onSettled` runs when the last running
 * one finishes, so the page can show the board as the action left it.
 */
export function useBlockingActions(boardId: string, onSettled: () => void) {
  const [state, setState] = useState<BlockingActionsState>({ status: 'loading' });
  const settled = useRef(onSettled);
  const wasRunning = useRef(false);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  const load = useCallback(
    () =>
      fetchBlockingActions(boardId).then(
        (actions) => {
          setState({ status: 'ready', actions });
          const running = actions.some((a) => a.state === 'running');
          if (wasRunning.current && !running) settled.current();
          wasRunning.current = running;
        },
        (error: unknown) => {
          setState(stateOfFailure(error));
        },
      ),
    [boardId],
  );

  useEffect(() => {
    void fetchBlockingActions(boardId).then(
      (actions) => {
        setState({ status: 'ready', actions });
        wasRunning.current = actions.some((a) => a.state === 'running');
      },
      (error: unknown) => {
        setState(stateOfFailure(error));
      },
    );
  }, [boardId]);

  const running = state.status === 'ready' && state.actions.some((a) => a.state === 'running');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [running, load]);

  /** After starting an action: it runs until a read says otherwise, so its end is noticed even if it was quick. */
  const started = useCallback(() => {
    wasRunning.current = true;
    return load();
  }, [load]);

  return { state, started };
}
