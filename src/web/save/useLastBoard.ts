import { useSyncExternalStore } from 'react';
import { useViewer } from '../app/context.ts';
import { readLastBoard, subscribeLastBoard } from './client-memory.ts';
import type { BoardRef } from '../../shared/contracts/pins.ts';

/**
 * The board the member saved to last from this browser. The server renders none (it cannot
 * know it), so hydration matches; the browser's memory shows right after.
 */
export function useLastBoard(): BoardRef | null {
  const viewer = useViewer();
  return useSyncExternalStore(
    subscribeLastBoard,
    () => (viewer ? readLastBoard(viewer.id) : null),
    () => null,
  );
}
