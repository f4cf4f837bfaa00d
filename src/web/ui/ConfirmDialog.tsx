import { useRef, useState } from 'react';
import { errorMessage } from './form-messages.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './forms.module.css';

type Props = { title: string; body: string; confirmLabel: string; onConfirm: () => Promise<void>; onClose: () => void };

/** "Are you sure?": Cancel has the focus, so a stray Enter changes nothing. */
export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };

  return (
    <Dialog title={title} onClose={onClose} dialogRef={dialog} size="small">
      <p>{body}</p>
      {error !== null && (
        <p role="alert" className={styles.alert}>
          {errorMessage(t, error)}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          data-autofocus=""
          onClick={() => {
            dialog.current?.close();
          }}
        >
          {t('boardEdit.cancel')}
        </button>
        <button type="button" className={styles.primary} disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
