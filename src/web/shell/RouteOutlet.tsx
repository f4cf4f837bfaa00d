import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { resourceKey } from '../../shared/resource-cache.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useViewer } from '../app/context.ts';
import { isNotFound, useRouter } from '../router/Router.tsx';
import type { PageHead } from '../router/types.ts';
import { splitModule } from '../app/split-module.ts';
import { ErrorView } from '../ui/ErrorBoundary.tsx';
import { notFoundHead } from '../ui/not-found-head.ts';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './RouteOutlet.module.css';

// Few visits end on an unknown address: its page is loaded when one does (the server has it at once).
const notFoundModule = splitModule(() => import('../ui/NotFoundPage.tsx'));
if (import.meta.env.SSR) await notFoundModule.load();

function NotFound() {
  const { NotFoundPage } = notFoundModule.useModule();
  return <NotFoundPage />;
}

function applyHead(head: PageHead): void {
  document.title = head.title;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (head.canonicalPath === null) canonical?.remove();
  else if (canonical) canonical.href = new URL(head.canonicalPath, window.location.origin).href;
}

/** The current page, the 'Loading....' spinner while its code loads, or the load error. */
export function RouteOutlet() {
  const { view, loading, error } = useRouter();
  const { t } = useTranslation();
  const viewer = useViewer();
  const store = useResourceStore();
  // The title can name what the page shows (a board), known once its resource has loaded.
  const dataVersion = useSyncExternalStore(store.subscribe, store.version, store.version);

  useEffect(() => {
    const data = (request: Parameters<typeof resourceKey>[0]) => store.get(resourceKey(request))?.data;
    const context = { t, origin: window.location.origin, params: view.params, search: view.location.search, viewer, data };
    applyHead(view.module ? view.module.head(context) : notFoundHead(context));
  }, [view, t, viewer, store, dataVersion]);

  if (loading) {
    return (
      <div className={styles.loading}>
        <Spinner label={t('route.loading')} />
      </div>
    );
  }
  if (error) return <ErrorView />;
  if (isNotFound(view) || !view.module) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }
  const Page = view.module.default;
  return <Page params={view.params} search={view.location.search} />;
}
