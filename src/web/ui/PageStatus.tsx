import type { ResourceFailure } from '../../shared/resource-cache.ts';
import type { ResourceState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import { ErrorView } from './ErrorBoundary.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { notFoundHead } from './not-found-head.ts';
import { Spinner } from './Spinner.tsx';
import styles from './PageStatus.module.css';

/** What a page's main read answering this means: a 404 (or options no such thing can have) is "not found". */
export function isMissing(error: ResourceFailure | null): boolean {
  return error !== null && (error.httpStatus === 404 || error.httpStatus === 400);
}

/** The page's main read while it is not there: loading, not found, or failed. */
export function PageStatus({ state }: { state: ResourceState<unknown> }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label={t('route.loading')} />
      </div>
    );
  }
  if (isMissing(state.error)) return <NotFoundPage />;
  return <ErrorView />;
}

/**
 * The head of a page whose main read is not loaded: on the server that means it failed (the
 * page is a 404), so it is not indexed; in the browser it is replaced once the read arrives.
 */
export function unloadedHead(context: HeadContext): PageHead {
  return notFoundHead(context);
}
