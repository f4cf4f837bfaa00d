import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { imageSearchRequest, NOT_SHOPPING, TOKEN, visualSearchPath, type Shopping } from './visual-requests.ts';
import { VisualResultsView } from './VisualResultsView.tsx';
import { takePendingPicture } from './pending-picture.ts';
import { usePictureSearch } from './usePictureSearch.ts';
import { useImageSearch } from './visual-store.ts';
import styles from './visual.module.css';

/*
 * /search/visual/?f=<token>[&shop=1]: the results of a search with an image. The token is the
 * picture's features (the server answered it and keeps nothing), so the page reloads and can be
 * shared without the picture; its preview shows where this session still holds it.
 */
type VisualPageState = { token: string; shop: boolean };

/** ?pending=1: back from logging in with the picture a visitor chose (pending-picture.ts). */
function isPending(search: string): boolean {
  return new URLSearchParams(search).get('pending') === '1';
}

function readState(search: string): VisualPageState | null {
  const params = new URLSearchParams(search);
  const token = params.get('f') ?? '';
  return TOKEN.test(token) ? { token, shop: params.get('shop') === '1' } : null;
}

export function visualPageResources({ search }: PageInput): PageResource[] {
  const state = readState(search);
  return state ? [{ ...imageSearchRequest(state.token, { ...NOT_SHOPPING, on: state.shop }), required: true }] : [];
}

export function visualPageHead(context: HeadContext): PageHead {
  return { title: context.t('visual.imagePageTitle'), canonicalPath: null, noindex: true };
}

function Results({ state }: { state: VisualPageState }) {
  const { t } = useTranslation();
  const { navigate } = useRouter();
  const [filters, setFilters] = useState<Shopping>({ ...NOT_SHOPPING, on: state.shop });
  const shopping = { ...filters, on: state.shop };
  const onShopping = (next: Shopping) => {
    setFilters(next);
    // Shop or not is in the address, so back returns to the other; the filters are the page's own.
    if (next.on !== state.shop) navigate(visualSearchPath(state.token, next.on));
  };
  return (
    <VisualResultsView request={imageSearchRequest(state.token, shopping)} shopping={shopping} onShopping={onShopping} gridLabel={t('visual.imageGridLabel')} />
  );
}

/** Searches once with the kept picture, in place of this entry; without one, the page says the search is gone. */
function PendingSearch() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { navigate } = useRouter();
  const { search } = usePictureSearch();
  const started = useRef(false);
  const start = useEffectEvent(() => {
    const picture = takePendingPicture();
    if (picture) void search(picture, { replace: true });
    else navigate('/search/visual/', { replace: true });
  });
  useEffect(() => {
    if (!viewer || started.current) return;
    started.current = true;
    start();
  }, [viewer]);
  if (!viewer) return <p className={styles.status}>{t('visual.imageExpired')}</p>;
  return (
    <p className={styles.status} role="status">
      {t('visual.imageSearching')}
    </p>
  );
}

export function VisualSearchPage({ search }: PageProps) {
  const { t } = useTranslation();
  const state = readState(search);
  const image = useImageSearch(state?.token ?? '');
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        {image?.preview && <img className={styles.preview} src={image.preview} alt={t('visual.imagePreview')} />}
        <h1 className={styles.pageTitle}>{t('visual.imagePageTitle')}</h1>
      </div>
      {state ? (
        <Results key={`${state.token}${String(state.shop)}`} state={state} />
      ) : isPending(search) ? (
        <PendingSearch />
      ) : (
        <p className={styles.status}>{t('visual.imageExpired')}</p>
      )}
    </div>
  );
}
