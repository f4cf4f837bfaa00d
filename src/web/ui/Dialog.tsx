import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './Dialog.module.css';

type Props = {
  title: string;
  /** Called once the dialog closed (Escape, the close button, or `close()` through the ref). */
  onClose: () => void;
  children: ReactNode;
  /** A ref to close it from inside (after a save). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  size?: 'small' | 'medium';
};

/**
 * A modal dialog on the native <dialog>: the browser traps the focus, closes it on Escape and
 * gives the focus back to what opened it. Opened on mount; the owner unmounts it in onClose.
 */
export function Dialog({ title, onClose, children, dialogRef, size = 'medium' }: Props) {
  const { t } = useTranslation();
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  const id = useId();

  useEffect(() => {
    const element = ref.current;
    if (!element || element.open) return;
    element.showModal();
    // The browser focuses the first control (the close button); a form's first field is better.
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [ref]);

  return (
    <dialog ref={ref} className={size === 'small' ? `${styles.dialog} ${styles.small}` : styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label={t('boardEdit.close')}
          onClick={() => {
            ref.current?.close();
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="m13.4 12 6.3-6.3-1.4-1.4-6.3 6.3-6.3-6.3-1.4 1.4 6.3 6.3-6.3 6.3 1.4 1.4 6.3-6.3 6.3 6.3 1.4-1.4z" fill="currentColor" />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
