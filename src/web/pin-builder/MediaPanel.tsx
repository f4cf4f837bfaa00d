import { useId, useState, type DragEvent } from 'react';
import { nearestPinAspectRatio, PIN_ASPECT_RATIOS, PIN_BUILDER_IMAGE_TYPES, PIN_BUILDER_VIDEO_TYPES, type FileProblem } from '../../shared/pin-draft.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { UploadState } from './useMediaUpload.ts';
import styles from './PinBuilder.module.css';

const ACCEPT = [...PIN_BUILDER_IMAGE_TYPES, ...PIN_BUILDER_VIDEO_TYPES].join(',');

export const PROBLEM_KEYS: Record<FileProblem, string> = {
  tooLarge: 'pinBuilder.fileTooLarge',
  unsupportedType: 'pinBuilder.fileType',
  empty: 'pinBuilder.fileEmpty',
};

type Props = { state: UploadState; onChoose: (file: File) => void; onRemove: () => void };

/** The spec ratio nearest the media, reserved before the picture decodes so nothing moves. */
function usePreviewRatio(): [string, (width: number, height: number) => void] {
  const [ratio, setRatio] = useState<string>(PIN_ASPECT_RATIOS[0].name);
  return [
    ratio.replace(':', ' / '),
    (width, height) => {
      setRatio(nearestPinAspectRatio(width, height).name);
    },
  ];
}

/** Where an upload stands: its progress, its processing, or why it failed. */
export function UploadStatusLine({ state }: { state: Exclude<UploadState, { phase: 'empty' }> }) {
  const { t } = useTranslation();
  if (state.phase === 'uploading') {
    return (
      <div className={styles.status}>
        <label className={styles.statusText}>
          {t('pinBuilder.uploading', { percent: state.percent })}
          <progress className={styles.progress} max={100} value={state.percent} />
        </label>
      </div>
    );
  }
  if (state.phase === 'processing') {
    return (
      <p className={styles.status} role="status">
        {t(state.isVideo ? 'pinBuilder.processingVideo' : 'pinBuilder.processing')}
      </p>
    );
  }
  if (state.phase === 'failed') {
    const reason = state.media?.failure_reason ?? (state.error ? errorMessage(t, state.error) : null);
    return (
      <p className={styles.statusError} role="alert">
        {reason ?? t('pinBuilder.uploadFailed')}
      </p>
    );
  }
  return null;
}

/** The drop zone and file picker, then the preview with the upload's progress and processing. */
export function MediaPanel({ state, onChoose, onRemove }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const [ratio, setRatio] = usePreviewRatio();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onChoose(file);
  };

  if (state.phase === 'empty') {
    return (
      <div
        className={over ? `${styles.dropZone} ${styles.dropOver}` : styles.dropZone}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => {
          setOver(false);
        }}
        onDrop={onDrop}
      >
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path d="M12 2 6 8l1.4 1.4L11 5.8V16h2V5.8l3.6 3.6L18 8zM4 14v6h16v-6h2v8H2v-8z" fill="currentColor" />
        </svg>
        <p className={styles.dropTitle}>{t('pinBuilder.dropTitle')}</p>
        <label htmlFor={id} className={styles.chooseFile}>
          {t('pinBuilder.chooseFile')}
        </label>
        <input
          id={id}
          className={styles.fileInput}
          type="file"
          accept={ACCEPT}
          aria-describedby={`${id}-hint${state.problem ? ` ${id}-problem` : ''}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChoose(file);
            e.target.value = '';
          }}
        />
        <p id={`${id}-hint`} className={styles.dropHint}>
          {t('pinBuilder.fileHint')}
        </p>
        {state.problem && (
          <p id={`${id}-problem`} className={styles.statusError} role="alert">
            {t(PROBLEM_KEYS[state.problem])}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={styles.previewColumn}>
      <div className={styles.preview} style={{ aspectRatio: ratio }}>
        {state.isVideo ? (
          <video
            className={styles.previewMedia}
            src={state.previewUrl}
            muted
            playsInline
            controls
            aria-label={t('pinBuilder.previewLabel')}
            onLoadedMetadata={(e) => {
              setRatio(e.currentTarget.videoWidth, e.currentTarget.videoHeight);
            }}
          />
        ) : (
          <img
            className={styles.previewMedia}
            src={state.previewUrl}
            alt={t('pinBuilder.previewLabel')}
            onLoad={(e) => {
              setRatio(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight);
            }}
          />
        )}
      </div>
      <UploadStatusLine state={state} />
      <button type="button" className={styles.secondary} onClick={onRemove}>
        {t('pinBuilder.removeMedia')}
      </button>
    </div>
  );
}
