import { loginPathFor } from '../../shared/next-location.ts';
import { useViewer } from '../app/context.ts';
import { useResource, type ResourceState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus } from '../ui/PageStatus.tsx';
import type { PinJson } from '../pins/types.ts';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { notFoundHead } from '../ui/not-found-head.ts';
import { merchantChoices } from './merchant-choices.ts';
import { ProductFilterForm } from './ProductFilterForm.tsx';
import { searches, searchRequest, unfilteredRequest } from './requests.ts';
import { BoardResults, PeopleResults, PinResults } from './Results.tsx';
import { canonicalSearchPath, hasProductFilters, readSearchState, searchPath, tabPath, type SearchState } from './search-url.ts';
import { Guides, TypoBanner } from './SearchNotices.tsx';
import { SearchTabs } from './SearchTabs.tsx';
import { showsSkinToneHint } from './skin-tone-state.ts';
import { SkinToneFilters } from './SkinToneFilters.tsx';
import type { SearchAnswer, SearchResult } from '../../shared/contracts/search.ts';
import { useSearchResults } from './useSearchResults.ts';
import { useSkinTone } from './useSkinTone.ts';
import styles from './search.module.css';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import type { BoardJson } from '../../shared/contracts/boards.ts';

/** Result pages are not indexed; their canonical form is the scope and the query. */
export function searchHead(context: HeadContext): PageHead {
  const state = readSearchState(context.params['scope'] ?? '', context.search);
  if (!state) return notFoundHead(context);
  if (state.query === '') return { title: context.t('header.searchLabel'), canonicalPath: null, noindex: true };
  return { title: context.t('search.pageTitle', { query: state.query }), canonicalPath: canonicalSearchPath(state), noindex: true };
}

/** What to try when a search finds nothing. */
function NoResults({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyHeading}>{t('search.noResults', { query: state.query })}</h2>
      <ul className={styles.tryList}>
        {state.exact && (
          <li>
            <a href={searchPath({ ...state, exact: false })}>{t('search.tryCorrection')}</a>
          </li>
        )}
        {hasProductFilters(state.filters) && (
          <li>
            <a href={searchPath({ ...state, filters: {} })}>{t('search.tryClearFilters')}</a>
          </li>
        )}
        {state.skinTone && (
          <li>
            <a href={searchPath({ ...state, skinTone: undefined })}>{t('search.tryAllSkinTones')}</a>
          </li>
        )}
        {state.scope !== 'pins' && (
          <li>
            <a href={tabPath('pins', state.query)}>{t('search.tryAllPins')}</a>
          </li>
        )}
        <li>{t('search.trySpelling')}</li>
        <li>{t('search.tryFewerWords')}</li>
      </ul>
    </div>
  );
}

/** The products tab's filters; the merchants come from the unfiltered results. */
function ProductFilters({ state }: { state: SearchState }) {
  const unfiltered = useResource(unfilteredRequest(state));
  const domains = merchantChoices((unfiltered.data?.results ?? []) as { domain?: string | null }[], state.filters.domains ?? []);
  return <ProductFilterForm state={state} domains={domains} />;
}

function Results({ state, skinToneHint }: { state: SearchState; skinToneHint: boolean }) {
  const { t } = useTranslation();
  const { first, feed, failed, retry } = useSearchResults<SearchResult>(searchRequest(state));
  if (first.status !== 'ready') return <PageStatus state={first} />;
  const { typo, guides } = first.data;
  return (
    <>
      {typo && <TypoBanner typo={typo} state={state} />}
      {guides.length > 0 && <Guides guides={guides} state={state} />}
      {first.data.show_skin_tone_filters && <SkinToneFilters state={state} hint={skinToneHint} />}
      {feed.items.length === 0 ? (
        <NoResults state={state} />
      ) : state.scope === 'boards' ? (
        <BoardResults feed={feed as typeof feed & { items: BoardJson[] }} query={state.query} />
      ) : state.scope === 'users' ? (
        <PeopleResults feed={feed as typeof feed & { items: UserCard[] }} query={state.query} />
      ) : (
        <PinResults feed={feed as typeof feed & { items: PinJson[] }} query={state.query} />
      )}
      {failed && (
        <p className={styles.failed} role="alert">
          {t('search.moreFailed')}{' '}
          <button type="button" className={styles.retry} onClick={retry}>
            {t('tokens.retry')}
          </button>
        </p>
      )}
    </>
  );
}

/** Whether the search's answer offers the skin tone ranges; undefined until it has answered. */
function offered(first: ResourceState<SearchAnswer>): boolean | undefined {
  return first.status === 'ready' ? first.data.show_skin_tone_filters : undefined;
}

/** A page with no search to run: no words yet, or the viewer's own pins asked for by a visitor. */
function Prompt({ state }: { state: SearchState }) {
  const { t } = useTranslation();
  if (state.query === '') return <p className={styles.prompt}>{t('search.emptyQuery')}</p>;
  return (
    <p className={styles.prompt}>
      {t('search.myPinsLogIn')} <a href={loginPathFor(searchPath(state))}>{t('header.logIn')}</a>
    </p>
  );
}

/** /search/:scope/?q=: the tabs, the spelling correction and guides, product filters, and the results. */
export function SearchPage({ params, search }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const state = readSearchState(params['scope'] ?? '', search);
  const runs = state !== null && searches(state, viewer !== null);
  const skinTone = useSkinTone(state?.query ?? '', offered(useResource(state && runs ? searchRequest(state) : null)));
  if (!state) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{state.query ? t('search.pageTitle', { query: state.query }) : t('header.searchLabel')}</h1>
      {state.query !== '' && <SearchTabs scope={state.scope} query={state.query} />}
      {runs && state.scope === 'buyable_pins' && <ProductFilters state={state} />}
      {runs ? <Results key={searchPath(state)} state={state} skinToneHint={showsSkinToneHint(skinTone)} /> : <Prompt state={state} />}
    </div>
  );
}
