import { useEffect, useReducer } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { bannerTimeoutMs, nextBannerState, type OfflineBannerState } from '../../shared/offline.ts';
import { useToast } from '../ui/Toasts.tsx';
import styles from './OfflineBanner.module.css';

/** Spec section 4: hidden → offline → backOnline → hidden after 2000 ms. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [state, dispatch] = useReducer(nextBannerState, 'hidden' as OfflineBannerState);

  useEffect(() => {
    const offline = () => {
      dispatch('offline');
      showToast(t('offline.toast'));
    };
    const online = () => {
      dispatch('online');
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [showToast, t]);

  useEffect(() => {
    const timeout = bannerTimeoutMs(state);
    if (timeout === null) return;
    const timer = setTimeout(() => {
      dispatch('timeout');
    }, timeout);
    return () => {
      clearTimeout(timer);
    };
  }, [state]);

  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {state !== 'hidden' && (
        <p className={state === 'offline' ? styles.offline : styles.online} data-offline-banner={state}>
          {state === 'offline' ? t('offline.banner') : t('offline.backOnline')}
        </p>
      )}
    </div>
  );
}
