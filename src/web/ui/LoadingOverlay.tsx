import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from './Spinner.tsx';
import styles from './LoadingOverlay.module.css';

type OverlayApi = { setLoading: (loading: boolean) => void };

const OverlayContext = createContext<OverlayApi | null>(null);

export function useLoadingOverlay(): OverlayApi {
  const api = useContext(OverlayContext);
  if (!api) throw new Error('useLoadingOverlay outside LoadingOverlayProvider');
  return api;
}

/** The full-area 'Loading' overlay: covers the page while a sign-in or sign-out completes. */
export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const api = useMemo(() => ({ setLoading }), []);
  return (
    <OverlayContext.Provider value={api}>
      {children}
      {loading && (
        <div className={styles.overlay} data-testid="loading-overlay">
          <Spinner label={t('overlay.loading')} size={56} />
        </div>
      )}
    </OverlayContext.Provider>
  );
}
