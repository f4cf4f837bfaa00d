import { useState } from 'react';
import { ApiError } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { scaledJpeg } from './scaled-jpeg.ts';
import { searchWithImage, visualSearchPath } from './visual-requests.ts';
import { visualSearches } from './visual-store.ts';

/** The preview kept for the results page: the picture at most this wide, as a small JPEG. */
const PREVIEW_SIDE = 240;

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
      const [answer, preview] = await Promise.all([searchWithImage(picture), scaledJpeg(picture, PREVIEW_SIDE, 0.7)]);
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
