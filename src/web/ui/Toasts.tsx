import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './Toasts.module.css';

/** A link a toast may carry ("Saved to <board>" links to the board). */
export type ToastLink = { href: string; label: string };

type Toast = { id: number; text: string; link?: ToastLink | undefined };

type ToastApi = { showToast: (text: string, durationMs?: number, link?: ToastLink) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

const DEFAULT_DURATION_MS = 5000;

/**
 * Toasts at the bottom on desktop and at the top elsewhere, just below the 56 px (phone) or
 * 80 px header: the placement is pure CSS on the size classes, so nothing moves on hydration.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const showToast = useCallback((text: string, durationMs = DEFAULT_DURATION_MS, link?: ToastLink) => {
    const id = nextId.current++;
    setToasts((current) => [...current.filter((t) => t.text !== text), { id, text, link }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((current) => current.filter((t) => t.id !== id));
    }, durationMs);
    timers.current.add(timer);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite" data-testid="toasts">
        {toasts.map((toast) => (
          <div key={toast.id} className={styles.toast}>
            {toast.text}
            {toast.link && (
              <a className={styles.link} href={toast.link.href}>
                {toast.link.label}
              </a>
            )}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
