import { useSyncExternalStore } from 'react';
import { NO_PLAYBACK, pauseVideo, startVideo, type Playback } from '../../shared/video-player.ts';

/**
 * Which video plays on the page (one at a time): the spec's autoplay rules applied to a store that
 * every player reads, so starting one pauses the others.
 */
let playback: Playback = NO_PLAYBACK;
const listeners = new Set<() => void>();

function update(next: Playback): void {
  if (next === playback) return;
  playback = next;
  for (const listener of listeners) listener();
}

export const playbackStore = {
  started: (id: string, organic: boolean) => {
    update(startVideo(playback, id, organic, false));
  },
  paused: (id: string, at: number) => {
    update(pauseVideo(playback, id, at));
  },
};

export function useCurrentVideo(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => playback.current,
    () => null,
  );
}
