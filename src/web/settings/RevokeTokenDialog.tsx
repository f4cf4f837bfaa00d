import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { revokeAccessToken } from '../api/access-tokens.ts';
import type { PatSummary as AccessToken } from '../../shared/contracts/auth.ts';
import { settingsError } from './errors.ts';
import settings from './settings.module.css';
import styles from './tokens.module.css';

type Props = { token: AccessToken; onRevoked: (token: AccessToken) => void; onCancel: () => void };

/** 'Revoke this token?': a modal dialog; Escape and Cancel keep the token. */
export function RevokeTokenDialog({ token, onRevoked, onCancel }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    // The safe choice has the focus, so a stray Enter keeps the token.
    cancel.current?.focus();
  }, []);

  const onConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await revokeAccessToken(token.id);
      // Closed first: while the modal is open the rest of the page cannot take the focus.
      dialog.current?.close();
      onRevoked(token);
    } catch (failure) {
      setBusy(false);
      setError(settingsError(t, failure));
    }
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} onClose={onCancel}>
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {t('tokens.revokeTitle', { name: token.name })}
      </h2>
      <p id={`${id}-body`} className={styles.dialogBody}>
        {t('tokens.revokeBody')}
      </p>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" ref={cancel} className={settings.secondary} onClick={() => dialog.current?.close()}>
          {t('tokens.cancel')}
        </button>
        <button type="button" className={settings.primary} disabled={busy} onClick={() => void onConfirm()}>
          {t('tokens.revoke')}
        </button>
      </div>
    </dialog>
  );
}
