import type { i18n } from 'i18next';
import { TranslationProvider } from '../i18n/translate.tsx';
import type { Bootstrap, InitialState } from '../../shared/bootstrap.ts';
import { ResourceCacheProvider } from '../data/resources.tsx';
import { RouterProvider, type RouteView } from '../router/Router.tsx';
import { ErrorBoundary } from '../shell/ErrorBoundary.tsx';
import { Header } from '../shell/Header.tsx';
import { LoadingOverlayProvider } from '../shell/LoadingOverlay.tsx';
import { OfflineBanner } from '../shell/OfflineBanner.tsx';
import { RouteOutlet } from '../shell/RouteOutlet.tsx';
import { SessionEffects } from '../shell/SessionEffects.tsx';
import { ToastProvider } from '../shell/Toasts.tsx';
import { VerifyEmailDialog } from '../shell/VerifyEmailDialog.tsx';
import { AppContext } from './context.ts';
import { StartupEffects } from './StartupEffects.tsx';
import styles from './App.module.css';

export type AppProps = { bootstrap: Bootstrap; state: InitialState; i18n: i18n; initialView: RouteView };

/** The whole page below `#root`, identical on the server and in the browser. */
export function App({ bootstrap, state, i18n, initialView }: AppProps) {
  return (
    <TranslationProvider i18n={i18n}>
      <AppContext.Provider value={{ bootstrap, state }}>
        <ResourceCacheProvider seed={state.resources}>
          <ToastProvider>
            <LoadingOverlayProvider>
              <RouterProvider initial={initialView}>
                <div className={styles.app}>
                  <Header />
                  <main id="main" className={styles.main}>
                    <ErrorBoundary>
                      <RouteOutlet />
                    </ErrorBoundary>
                  </main>
                  <OfflineBanner />
                  <VerifyEmailDialog />
                  <StartupEffects />
                  <SessionEffects />
                </div>
              </RouterProvider>
            </LoadingOverlayProvider>
          </ToastProvider>
        </ResourceCacheProvider>
      </AppContext.Provider>
    </TranslationProvider>
  );
}
