import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPinFile, isVideoFile, nextUploadStatus, uploadPercent, type FileProblem, type UploadStatus } from '../../shared/pin-draft.ts';
import { getMedia, uploadMedia } from './media-api.ts';
import type { MediaJson } from '../../shared/contracts/media.ts';

export type UploadState =
  | { phase: 'empty'; problem: FileProblem | null }
  | {
      phase: UploadStatus;
      file: File;
      isVideo: boolean;
      previewUrl: string;
      percent: number;
      media: MediaJson | null;
      error: unknown;
    };

/** Polls start at one second and slow down to five while a video transcodes. */
const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 5000;
/** A poll that fails (a dropped connection) is tried again this many times before the upload counts as failed. */
const POLL_RETRIES = 3;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('stopped', 'AbortError'));
    });
  });

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One draft's media: the file is checked, sent with progress, then its processing is polled
 * until the server says ready or failed. Removing or replacing it stops both.
 */
export function useMediaUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'empty', problem: null });
  const stop = useRef<(() => void) | null>(null);
  const preview = useRef<string | null>(null);

  const reset = useCallback((problem: FileProblem | null) => {
    stop.current?.();
    stop.current = null;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
    setState({ phase: 'empty', problem });
  }, []);

  useEffect(
    () => () => {
      stop.current?.();
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  const follow = useCallback(async (media: MediaJson, signal: AbortSignal) => {
    let status = nextUploadStatus('uploading', media.status);
    let current = media;
    setState((s) => (s.phase === 'empty' ? s : { ...s, phase: status, media: current, percent: 100 }));
    let failures = 0;
    for (let wait = POLL_FIRST_MS; status === 'processing'; wait = Math.min(POLL_MAX_MS, wait * 1.5)) {
      await sleep(wait, signal);
      try {
        current = await getMedia(media.id, signal);
        failures = 0;
      } catch (error) {
        if (isAbort(error) || ++failures > POLL_RETRIES) throw error;
        continue;
      }
      status = nextUploadStatus(status, current.status);
      const seen = current;
      setState((s) => (s.phase === 'empty' ? s : { ...s, phase: status, media: seen }));
    }
  }, []);

  const choose = useCallback(
    (file: File) => {
      const problem = checkPinFile(file);
      if (problem) {
        reset(problem);
        return;
      }
      reset(null);
      const previewUrl = URL.createObjectURL(file);
      preview.current = previewUrl;
      setState({ phase: 'uploading', file, isVideo: isVideoFile(file.type), previewUrl, percent: 0, media: null, error: null });
      const polling = new AbortController();
      const upload = uploadMedia(file, (loaded, total) => {
        setState((s) => (s.phase === 'uploading' ? { ...s, percent: uploadPercent(loaded, total) } : s));
      });
      stop.current = () => {
        upload.abort();
        polling.abort();
      };
      upload.done
        .then((media) => follow(media, polling.signal))
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          setState((s) => (s.phase === 'empty' ? s : { ...s, phase: 'failed', error }));
        });
    },
    [follow, reset],
  );

  return {
    state,
    choose,
    remove: () => {
      reset(null);
    },
  };
}
