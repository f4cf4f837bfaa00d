import type { i18n } from 'i18next';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { TranslationProvider } from '../i18n/translate.tsx';
import type { Bootstrap, InitialState } from '../../shared/bootstrap.ts';
import { ResourceCacheProvider } from '../data/resources.tsx';
import { RouterProvider, type RouteView } from '../router/Router.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { BottomNav } from './BottomNav.tsx';
import { Header } from './Header.tsx';
import { LoadingOverlayProvider } from '../ui/LoadingOverlay.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { RouteOutlet } from './RouteOutlet.tsx';
import { SessionEffects } from './SessionEffects.tsx';
import { TelemetryEffects } from '../telemetry/TelemetryEffects.tsx';
import { ToastProvider } from '../ui/Toasts.tsx';
import type { Viewer } from '../../shared/viewer.ts';
import { AppContext, useViewer, type ViewerChanges } from '../app/context.ts';
import { splitModule } from '../app/split-module.ts';
import { StartupEffects } from './StartupEffects.tsx';
import { CloseupPreload } from '../closeup/CloseupPreload.tsx';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { InviteLanding } from '../messages/InviteLanding.tsx';
import styles from './App.module.css';

// Only members with an unverified address need it: a visitor's first load goes without.
const verifyEmailModule = splitModule(() => import('./VerifyEmailDialog.tsx'));
if (import.meta.env.SSR) await verifyEmailModule.load();

function VerifyEmailDialog({ viewer }: { viewer: Viewer }) {
  const { VerifyEmailDialog: Dialog } = verifyEmailModule.useModule();
  return <Dialog viewer={viewer} />;
}

/** 'Verify your email' for a signed-in viewer whose address is unverified (spec sections 2 and 4). */
function VerifyEmailReminder() {
  const viewer = useViewer();
  // A viewer in limited login gets the limited-login prompt instead, which asks the same.
  if (!viewer || viewer.email_verified || viewer.login_state === 'limited') return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailDialog viewer={viewer} />
    </Suspense>
  );
}

export type AppProps = { bootstrap: Bootstrap; state: InitialState; i18n: i18n; initialView: RouteView };

/** The whole page below `#root`, identical on the server and in the browser. */
export function App({ bootstrap, state: initialState, i18n, initialView }: AppProps) {
  const [viewer, setViewer] = useState(initialState.viewer);
  const updateViewer = useCallback((changes: ViewerChanges) => {
    setViewer((current) => (current ? { ...current, ...changes } : current));
  }, []);
  const app = useMemo(() => ({ bootstrap, state: { ...initialState, viewer }, updateViewer }), [bootstrap, initialState, viewer, updateViewer]);
  return (
    <TranslationProvider i18n={i18n}>
      <AppContext.Provider value={app}>
        <ResourceCacheProvider seed={initialState.resources}>
          <ToastProvider>
            <LoadingOverlayProvider>
              <RouterProvider initial={initialView}>
                {/* One live connection per tab while signed in: badges and messages arrive without a reload. */}
                <LiveProvider signedIn={viewer !== null}>
                  <div className={styles.app}>
                    <Header />
                    <main id="main" className={styles.main}>
                      <ErrorBoundary>
                        <RouteOutlet />
                      </ErrorBoundary>
                    </main>
                    <BottomNav />
                    <OfflineBanner />
                    <CookieBanner />
                    <VerifyEmailReminder />
                    <StartupEffects />
                    <InviteLanding />
                    <CloseupPreload />
                    <SessionEffects />
                    <TelemetryEffects />
                  </div>
                </LiveProvider>
              </RouterProvider>
            </LoadingOverlayProvider>
          </ToastProvider>
        </ResourceCacheProvider>
      </AppContext.Provider>
    </TranslationProvider>
  );
}
