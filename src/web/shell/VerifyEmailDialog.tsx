import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { STORAGE_KEYS } from '../../shared/startup.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { useResendVerification } from './useResendVerification.ts';
import styles from './VerifyEmailDialog.module.css';

function shouldPrompt(): boolean {
  try {
    if (sessionStorage.getItem(STORAGE_KEYS.verifyEmailAfterSignup)) return true;
    return !sessionStorage.getItem(STORAGE_KEYS.verifyEmailPrompted);
  } catch {
    return true;
  }
}

function rememberPrompted(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.verifyEmailAfterSignup);
    sessionStorage.setItem(STORAGE_KEYS.verifyEmailPrompted, '1');
  } catch {
    // Without storage the reminder shows on each page load; still usable.
  }
}

/**
 * 'Verify your email' (spec sections 2 and 4): opens for a signed-in viewer whose address is
 * unverified, once per browser session and again right after sign-up. App mounts it only then.
 */
export function VerifyEmailDialog({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const gotIt = useRef<HTMLButtonElement>(null);
  const { state: resend, failed, resend: onResend } = useResendVerification();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open || !shouldPrompt()) return;
    element.showModal();
    gotIt.current?.focus();
    rememberPrompted();
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="verify-email-title" aria-describedby="verify-email-body">
      <h2 id="verify-email-title" className={styles.title}>
        {t('verifyEmail.title')}
      </h2>
      <p id="verify-email-body" className={styles.body}>
        {t('verifyEmail.body', { email: viewer.email })}
      </p>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('error.default')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={resend !== 'idle'} onClick={() => void onResend()}>
          {resend === 'sent' ? t('verifyEmail.sent') : t('verifyEmail.resend')}
        </button>
        <button type="button" ref={gotIt} className={styles.primary} onClick={() => dialog.current?.close()}>
          {t('verifyEmail.gotIt')}
        </button>
      </div>
    </dialog>
  );
}
