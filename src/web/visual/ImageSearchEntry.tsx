import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { loginPathFor } from '../../shared/next-location.ts';
import { ApiError } from '../api/http.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { searchWithImage, visualSearchPath } from './visual-requests.ts';
import { visualSearches } from './visual-store.ts';
import styles from './visual.module.css';

/** The preview kept for the results page: the picture at most this wide, as a small JPEG. */
const PREVIEW_SIDE = 240;

async function previewOf(picture: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(picture);
    const scale = Math.min(1, PREVIEW_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    // A picture the browser cannot draw may still be one the server reads; it has no preview.
    return null;
  }
}

/** The first picture among pasted or chosen files. */
function pictureIn(files: FileList | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

/**
 * "Search with an image" in the header's search field: a camera button that opens the file
 * picker, and pasting a picture into the field. The picture goes to the server, which keeps
 * nothing of it; the results page opens with the token it answers. Visitors are sent to log in.
 */
export function ImageSearchEntry({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { navigate } = useRouter();
  const { showToast } = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const search = async (picture: File) => {
    if (!viewer) {
      navigate(loginPathFor(window.location.pathname + window.location.search));
      return;
    }
    setBusy(true);
    try {
      const [answer, preview] = await Promise.all([searchWithImage(picture), previewOf(picture)]);
      visualSearches.rememberImage({ token: answer.query_features, preview });
      navigate(visualSearchPath(answer.query_features, false));
    } catch (error) {
      showToast(error instanceof ApiError && error.httpStatus < 500 ? error.message : t('visual.imageFailed'));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  // A picture pasted into the search field searches with it; pasted text stays text.
  const onPaste = useEffectEvent((event: ClipboardEvent) => {
    const picture = pictureIn(event.clipboardData?.files);
    if (!picture) return;
    event.preventDefault();
    void search(picture);
  });
  useEffect(() => {
    const input = inputRef.current;
    const listener = (event: ClipboardEvent) => {
      onPaste(event);
    };
    input?.addEventListener('paste', listener);
    // The camera sits at the field's end: the typed words stop short of it.
    input?.style.setProperty('padding-inline-end', '48px');
    return () => {
      input?.removeEventListener('paste', listener);
      input?.style.removeProperty('padding-inline-end');
    };
  }, [inputRef]);

  return (
    <>
      <button
        type="button"
        className={styles.camera}
        title={t('visual.imageHint')}
        aria-label={t('visual.imageEntry')}
        disabled={busy}
        onClick={() => fileRef.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M9 4h6l1.5 2H20a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3.5zm3 4a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z"
            fill="currentColor"
          />
        </svg>
      </button>
      <input
        ref={fileRef}
        hidden
        tabIndex={-1}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        disabled={busy}
        onChange={(event) => {
          const picture = pictureIn(event.currentTarget.files);
          if (picture) void search(picture);
        }}
      />
      {busy && (
        <p className="visually-hidden" role="status">
          {t('visual.imageSearching')}
        </p>
      )}
    </>
  );
}
