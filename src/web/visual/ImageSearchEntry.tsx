import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { loginPathFor } from '../../shared/next-location.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { keepPendingPicture, PENDING_PICTURE_PATH } from './pending-picture.ts';
import { usePictureSearch } from './usePictureSearch.ts';
import styles from './visual.module.css';

/** The first picture among pasted or chosen files. */
function pictureIn(files: FileList | null | undefined): File | null {
  return [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

/**
 * "Search with an image" in the header's search field: a camera button that opens the file
 * picker, and pasting a picture into the field (usePictureSearch). Visitors are sent to log in,
 * and come back to the search with their picture (pending-picture.ts).
 */
export function ImageSearchEntry({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { navigate } = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const pictureSearch = usePictureSearch();
  const busy = pictureSearch.busy;

  const search = async (picture: File) => {
    try {
      if (viewer) {
        await pictureSearch.search(picture);
        return;
      }
      // Logging in comes back to the visual search, which runs with the picture kept meanwhile.
      const kept = await keepPendingPicture(picture);
      navigate(loginPathFor(kept ? PENDING_PICTURE_PATH : window.location.pathname + window.location.search));
    } finally {
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
