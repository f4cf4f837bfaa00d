import { useState } from 'react';
import { ApiError } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { searchWithImage, visualSearchPath } from './visual-requests.ts';
import { visualSearches } from './visual-store.ts';

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

/**
 * A search with a picture: the picture goes to the server, which keeps nothing of it, and the
 * results page opens with the token it answers (in place of the current entry with `replace`).
 */
export function usePictureSearch(): { busy: boolean; search: (picture: Blob, options?: { replace?: boolean }) => Promise<void> } {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const search = async (picture: Blob, options: { replace?: boolean } = {}) => {
    setBusy(true);
    try {
      const [answer, preview] = await Promise.all([searchWithImage(picture), previewOf(picture)]);
      visualSearches.rememberImage({ token: answer.query_features, preview });
      navigate(visualSearchPath(answer.query_features, false), options);
    } catch (error) {
      showToast(error instanceof ApiError && error.httpStatus < 500 ? error.message : t('visual.imageFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, search };
}
