import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { nextLocationRecord, rememberedLocation } from '../../shared/next-location.ts';
import { NEXT_LOCATION_STORAGE_KEY, STORAGE_KEYS } from '../../shared/startup.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { readSession, writeSession } from '../app/storage.ts';
import { useResendVerification } from './useResendVerification.ts';
import styles from './VerifyEmailDialog.module.css';

function currentLocation(): string {
  return window.location.pathname + window.location.search;
}

/** The next-location memory: where the viewer was when asked to verify. */
function rememberLocation(path: string): void {
  try {
    localStorage.setItem(NEXT_LOCATION_STORAGE_KEY, nextLocationRecord(path, Date.now()));
  } catch {
    // Storage refused: after verifying, the viewer lands on the home page instead.
  }
}

/** The remembered location, forgotten as it is read so it leads back once. */
export function takeRememberedLocation(): string | null {
  try {
    const stored = localStorage.getItem(NEXT_LOCATION_STORAGE_KEY);
    localStorage.removeItem(NEXT_LOCATION_STORAGE_KEY);
    return rememberedLocation(stored, Date.now());
  } catch {
    return null;
  }
}

/**
 * The limited-login prompt (spec sections 1 and 2): a viewer in limited login is asked to verify
 * the email to sign in fully, once per browser session. It remembers where they were, so the
 * verification link brings them back there.
 */
export function LimitedLoginPrompt({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const resendButton = useRef<HTMLButtonElement>(null);
  // The link in the mail may open in a new tab: remember where the viewer was as it is sent.
  const {
    state: resend,
    failed,
    resend: onResend,
  } = useResendVerification(() => {
    rememberLocation(currentLocation());
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open || readSession(STORAGE_KEYS.limitedLoginPrompted)) return;
    element.showModal();
    resendButton.current?.focus();
    writeSession({ [STORAGE_KEYS.limitedLoginPrompted]: '1' });
    rememberLocation(currentLocation());
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="limited-login-title" aria-describedby="limited-login-body">
      <h2 id="limited-login-title" className={styles.title}>
        {t('limitedLogin.title')}
      </h2>
      <p id="limited-login-body" className={styles.body}>
        {t('limitedLogin.subheader', { email: viewer.email })}
      </p>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('error.default')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => dialog.current?.close()}>
          {t('limitedLogin.notNow')}
        </button>
        <button type="button" ref={resendButton} className={styles.primary} disabled={resend !== 'idle'} onClick={() => void onResend()}>
          {resend === 'sent' ? t('verifyEmail.sent') : t('verifyEmail.resend')}
        </button>
      </div>
    </dialog>
  );
}
