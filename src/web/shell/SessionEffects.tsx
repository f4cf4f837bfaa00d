import { useEffect, useState, type ComponentType } from 'react';
import { tokenRefreshCall, TOKEN_REFRESH_EXPERIMENT } from '../../shared/session-refresh.ts';
import { emailVerifiedResult } from '../../shared/startup.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { apiFetch } from '../api/http.ts';
import { useApp } from '../app/context.ts';
import { useRouter } from '../router/Router.tsx';

type PromptProps = { viewer: Viewer };

/** The limited-login prompt and its next-location memory: a chunk of its own, loaded only when needed. */
const loadLimitedLogin = () => import('./LimitedLoginPrompt.tsx');

let refreshed = false;

/** Token refresh (spec section 4), once per page load, fire and forget. */
function useTokenRefresh(): void {
  const { bootstrap } = useApp();
  useEffect(() => {
    if (refreshed) return;
    refreshed = true;
    const path = tokenRefreshCall({
      isAuthenticated: bootstrap.isAuthenticated,
      daysToExpiration: bootstrap.daysToExpiration,
      group: bootstrap.experiments.active[TOKEN_REFRESH_EXPERIMENT] ?? 'enabled',
    });
    if (path) apiFetch(path).catch(() => undefined);
  }, [bootstrap]);
}

/** Back from the verification link, the viewer returns to where the limited-login prompt found them. */
function useReturnAfterVerification(): void {
  const { bootstrap } = useApp();
  const { navigate } = useRouter();
  useEffect(() => {
    if (emailVerifiedResult(new URLSearchParams(bootstrap.handlerProps.search)) !== 'verified') return;
    loadLimitedLogin()
      .then(({ takeRememberedLocation }) => {
        const path = takeRememberedLocation();
        // Start-up effects have already dropped email_verified from the address by now.
        if (path && path !== window.location.pathname + window.location.search) navigate(path, { replace: true });
      })
      .catch((error: unknown) => {
        console.warn('The next-location memory did not load', error);
      });
  }, [bootstrap, navigate]);
}

// Set once the prompt's chunk arrives; a module-level binding keeps the component's identity stable.
let LimitedLoginPrompt: ComponentType<PromptProps> | null = null;

/** The limited-login prompt's code loads only for viewers who need it. */
function useLimitedLoginPrompt(limited: boolean): boolean {
  const [loaded, setLoaded] = useState(LimitedLoginPrompt !== null);
  useEffect(() => {
    if (!limited || LimitedLoginPrompt) return;
    loadLimitedLogin()
      .then((module) => {
        LimitedLoginPrompt = module.LimitedLoginPrompt;
        setLoaded(true);
      })
      .catch((error: unknown) => {
        console.warn('The limited-login prompt did not load', error);
      });
  }, [limited]);
  return limited && loaded;
}

/** Session upkeep after hydration: token refresh, the limited-login prompt and its next-location memory. */
export function SessionEffects() {
  const { state } = useApp();
  useTokenRefresh();
  useReturnAfterVerification();
  const viewer = state.viewer;
  const showPrompt = useLimitedLoginPrompt(viewer?.login_state === 'limited');
  return showPrompt && viewer && LimitedLoginPrompt ? <LimitedLoginPrompt viewer={viewer} /> : null;
}
