import { useEffect, useRef, useState } from 'react';
import { autoplays, formatDuration, nextPlayerState, PLAYER_EVENTS, PLAYER_STATE, type PlayerState } from '../../shared/video-player.ts';
import { htmlLang } from '../../shared/locale.ts';
import { callResource } from '../api/http.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { playbackStore, useCurrentVideo } from './playback.ts';
import styles from './PinDetails.module.css';
import type { MediaVideo } from '../../shared/contracts/media.ts';

/** Watched this long, a playback counts as a view. */
const VIEW_AFTER_SECONDS = 2;

type Props = { id: string; videos: Record<string, MediaVideo>; views: number; poster: string | undefined; label: string };

/**
 * A video pin's player: HLS where the browser plays it (natively, or through hls.js on Media
 * Source Extensions, loaded only for videos), the 720p MP4 otherwise or when HLS fails. It starts
 * by itself muted unless the reader asked for less motion or less data.
 */
export function PinVideo({ id, videos, views, poster, label }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>(PLAYER_STATE.default);
  const [auto, setAuto] = useState(false);
  const current = useCurrentVideo();
  const lang = htmlLang(useApp().bootstrap.locale);
  const mp4 = videos['V_720P'];
  const hls = videos['V_HLSV4'];

  useEffect(() => {
    const video = ref.current;
    if (!video || !mp4) return undefined;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
    setAuto(autoplays(reduced, saveData));
    return attachSource(video, hls?.url, mp4.url);
  }, [hls?.url, mp4]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    const onEvent = (event: Event) => {
      setState((previous) => nextPlayerState(previous, event.type, video.paused));
      if (event.type === 'playing') playbackStore.started(id, false);
      if (event.type === 'pause') playbackStore.paused(id, video.currentTime);
    };
    for (const name of PLAYER_EVENTS) video.addEventListener(name, onEvent);
    return () => {
      for (const name of PLAYER_EVENTS) video.removeEventListener(name, onEvent);
    };
  }, [id]);

  // Two seconds watched make a view (counted once per viewer and pin by the server).
  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    const onTime = () => {
      if (video.currentTime < VIEW_AFTER_SECONDS) return;
      video.removeEventListener('timeupdate', onTime);
      callResource('PinVideoViewResource', 'create', { pin_id: id }).catch(() => undefined);
    };
    video.addEventListener('timeupdate', onTime);
    return () => {
      video.removeEventListener('timeupdate', onTime);
    };
  }, [id]);

  // Another video started: this one yields.
  useEffect(() => {
    if (current !== null && current !== id) ref.current?.pause();
  }, [current, id]);

  if (!mp4) return null;
  return (
    <div className={styles.video} data-player-state={state}>
      <video
        ref={ref}
        className={styles.videoElement}
        poster={poster}
        controls
        playsInline
        preload="metadata"
        muted={auto}
        autoPlay={auto}
        aria-label={label}
      />
      <span className={styles.duration} aria-label={t('pin.duration', { duration: formatDuration(mp4.duration) })}>
        {formatDuration(mp4.duration)}
      </span>
      <p className={styles.views}>{t('pin.views', { count: views, formatted: compactCount(views, lang) })}</p>
      {state === PLAYER_STATE.failed && (
        <p className={styles.videoFailed} role="alert">
          {t('pin.videoFailed')}
        </p>
      )}
    </div>
  );
}

/** 1234 → "1.2K" in the reader's language. */
export function compactCount(count: number, lang: string): string {
  return new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** Points the element at the best source it can play; returns how to let go of it. */
function attachSource(video: HTMLVideoElement, hlsUrl: string | undefined, mp4Url: string): () => void {
  const fallBack = () => {
    video.src = mp4Url;
  };
  if (!hlsUrl || video.canPlayType('application/vnd.apple.mpegurl') !== '') {
    video.src = hlsUrl ?? mp4Url;
    return () => undefined;
  }
  if (!('MediaSource' in window)) {
    fallBack();
    return () => undefined;
  }
  let release: () => void = () => undefined;
  let cancelled = false;
  import('hls.js/light')
    .then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        fallBack();
        return;
      }
      const player = new Hls();
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        player.destroy();
        fallBack();
      });
      player.loadSource(hlsUrl);
      player.attachMedia(video);
      release = () => {
        player.destroy();
      };
    })
    .catch(fallBack);
  return () => {
    cancelled = true;
    release();
  };
}
