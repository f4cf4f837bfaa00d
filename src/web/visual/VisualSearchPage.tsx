import { useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import type { HeadContext, PageHead, PageInput, PageProps, PageResource } from '../router/types.ts';
import { imageSearchRequest, NOT_SHOPPING, TOKEN, visualSearchPath, type Shopping } from './visual-requests.ts';
import { VisualResultsView } from './VisualResultsView.tsx';
import { useImageSearch } from './visual-store.ts';
import styles from './visual.module.css';

/*
 * /search/visual/?f=<token>[&shop=1]: the results of a search with an image. The token is the
 * picture's features (the server answered it and keeps nothing), so the page reloads and can be
 * shared without the picture; its preview shows where this session still holds it.
 */
type VisualPageState = { token: string; shop: boolean };

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
      {state ? <Results key={`${state.token}${String(state.shop)}`} state={state} /> : <p className={styles.status}>{t('visual.imageExpired')}</p>}
    </div>
  );
}
