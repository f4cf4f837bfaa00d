import { describe, expect, it } from 'vitest';
import { autoplays, formatDuration, NO_PLAYBACK, nextPlayerState, pauseVideo, PLAYER_STATE, startVideo } from '../../../src/shared/video-player.ts';

describe('video player rules (viewer spec sections 4 and 9)', () => {
  it('numbers its states 0 to 9 in the order of the spec', () => {
    expect(Object.values(PLAYER_STATE)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('moves through loading, playing, seeking and pausing with the media events', () => {
    const events = ['loadstart', 'loadedmetadata', 'loadeddata', 'playing', 'seeking', 'seeked', 'waiting', 'playing', 'pause', 'ended'];
    const states: number[] = [];
    let state = nextPlayerState(PLAYER_STATE.default, 'timeupdate', false);
    for (const event of events) {
      state = nextPlayerState(state, event, event === 'pause');
      states.push(state);
    }
    expect(state).toBe(PLAYER_STATE.ended);
    expect(states).toEqual([1, 2, 3, 4, 6, 4, 7, 4, 5, 9]);
  });

  it('a seek while paused ends paused; a failed player stays failed until it loads again', () => {
    expect(nextPlayerState(PLAYER_STATE.seeking, 'seeked', true)).toBe(PLAYER_STATE.paused);
    expect(nextPlayerState(PLAYER_STATE.failed, 'pause', true)).toBe(PLAYER_STATE.failed);
    expect(nextPlayerState(PLAYER_STATE.failed, 'loadstart', true)).toBe(PLAYER_STATE.loadStart);
    expect(nextPlayerState(PLAYER_STATE.ended, 'pause', true)).toBe(PLAYER_STATE.ended);
  });

  it('shows durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9_999)).toBe('0:09');
    expect(formatDuration(83_000)).toBe('1:23');
    expect(formatDuration(3_725_000)).toBe('62:05');
  });

  it('records the video set as playing; an organic one waits while another plays under grid autoplay', () => {
    const closeup = startVideo(NO_PLAYBACK, 'a', false, true);
    expect(closeup).toEqual({ current: 'a', organic: false, paused: null });
    expect(startVideo(closeup, 'b', true, true)).toBe(closeup);
    expect(startVideo(closeup, 'b', true, false).current).toBe('b');
    expect(startVideo(closeup, 'c', false, true).current).toBe('c');
  });

  it('pausing stores the flag and time and clears the current organic video only', () => {
    const organic = startVideo(NO_PLAYBACK, 'a', true, false);
    expect(pauseVideo(organic, 'a', 12.5)).toEqual({ current: null, organic: false, paused: { id: 'a', at: 12.5 } });
    const closeup = startVideo(NO_PLAYBACK, 'b', false, false);
    expect(pauseVideo(closeup, 'b', 3)).toEqual({ current: 'b', organic: false, paused: { id: 'b', at: 3 } });
  });

  it('autoplays unless the reader asked for less motion or less data', () => {
    expect(autoplays(false, false)).toBe(true);
    expect(autoplays(true, false)).toBe(false);
    expect(autoplays(false, true)).toBe(false);
  });
});
