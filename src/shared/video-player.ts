/**
 * The video player's rules of viewer spec sections 4 and 9: its state codes, its media error
 * codes, the m:ss duration and which video plays. Pure, so they are unit-tested on their own.
 */

/** Spec section 9: default, load start, loaded metadata, loaded data, playing, paused, seeking, stalling, failed, ended. */
export const PLAYER_STATE = {
  default: 0,
  loadStart: 1,
  loadedMetadata: 2,
  loadedData: 3,
  playing: 4,
  paused: 5,
  seeking: 6,
  stalling: 7,
  failed: 8,
  ended: 9,
} as const;

export type PlayerState = (typeof PLAYER_STATE)[keyof typeof PLAYER_STATE];

/** The HTML media events that move the player, and the state each moves it to. */
const STATE_OF_EVENT: Readonly<Record<string, PlayerState>> = {
  emptied: PLAYER_STATE.default,
  loadstart: PLAYER_STATE.loadStart,
  loadedmetadata: PLAYER_STATE.loadedMetadata,
  loadeddata: PLAYER_STATE.loadedData,
  playing: PLAYER_STATE.playing,
  pause: PLAYER_STATE.paused,
  seeking: PLAYER_STATE.seeking,
  seeked: PLAYER_STATE.playing,
  waiting: PLAYER_STATE.stalling,
  stalled: PLAYER_STATE.stalling,
  error: PLAYER_STATE.failed,
  ended: PLAYER_STATE.ended,
};

export const PLAYER_EVENTS = Object.keys(STATE_OF_EVENT);

/**
 * The state after a media event. Seeking ends where it started: playing again, or still paused.
 * A failed or ended player stays so until it loads again.
 */
export function nextPlayerState(current: PlayerState, event: string, paused: boolean): PlayerState {
  const next = STATE_OF_EVENT[event];
  if (next === undefined) return current;
  if (event === 'seeked') return paused ? PLAYER_STATE.paused : PLAYER_STATE.playing;
  if (current === PLAYER_STATE.failed && event !== 'loadstart' && event !== 'emptied') return current;
  if (current === PLAYER_STATE.ended && (event === 'pause' || event === 'waiting')) return current;
  return next;
}

/** HTML MediaError codes (spec section 9: 1 to 4). */
export const MEDIA_ERROR = { aborted: 1, network: 2, decode: 3, sourceNotSupported: 4 } as const;

/** A duration in milliseconds as the spec shows it: m:ss (minutes not capped at 59). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The video that plays now, and whether it was paused (spec section 4, "Video autoplay"). */
export type Playback = { current: string | null; organic: boolean; paused: { id: string; at: number } | null };

export const NO_PLAYBACK: Playback = { current: null, organic: false, paused: null };

/**
 * Setting a video records it as playing; an organic (grid) video does not replace one already
 * playing while the grid-autoplay experiment is on.
 */
export function startVideo(playback: Playback, id: string, organic: boolean, gridAutoplay: boolean): Playback {
  if (organic && gridAutoplay && playback.current !== null && playback.current !== id) return playback;
  return { current: id, organic, paused: null };
}

/** Pausing stores the paused flag and time, and clears the current organic video. */
export function pauseVideo(playback: Playback, id: string, at: number): Playback {
  const clears = playback.current === id && playback.organic;
  return { current: clears ? null : playback.current, organic: clears ? false : playback.organic, paused: { id, at } };
}

/** Whether a closeup starts its video by itself: muted, and never for readers who asked for less motion. */
export function autoplays(reducedMotion: boolean, saveData: boolean): boolean {
  return !reducedMotion && !saveData;
}
