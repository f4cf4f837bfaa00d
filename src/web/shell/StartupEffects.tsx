import { useEffect } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { emailVerifiedResult } from '../../shared/startup.ts';
import { preloadLikelyRoutes } from '../router/route-table.ts';
import { useToast } from '../ui/Toasts.tsx';
import { useApp } from '../app/context.ts';
import { releaseHeldSubmission } from './held-submission.ts';

/** After hydration: mark the page live, make a form submission held until now, report the email verification result, warm route chunks. */
export function StartupEffects() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { bootstrap } = useApp();

  useEffect(() => {
    document.documentElement.dataset['hydrated'] = 'true';
    releaseHeldSubmission();
    const url = new URL(window.location.href);
    const verified = emailVerifiedResult(url.searchParams);
    if (verified) {
      showToast(verified === 'verified' ? t('verifyEmail.verified') : t('verifyEmail.invalidLink'));
      url.searchParams.delete('email_verified');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    if (bootstrap.isAuthenticated && !bootstrap.isMobile) {
      // Safari has no requestIdleCallback; a short delay keeps the preload off the critical path.
      if ('requestIdleCallback' in window) window.requestIdleCallback(preloadLikelyRoutes);
      else setTimeout(preloadLikelyRoutes, 1000);
    }
  }, [bootstrap, showToast, t]);

  return null;
}
