import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './profile.module.css';

type Props = { name: string; onConfirm: () => Promise<boolean>; onClose: () => void };

/** "Block <name>?": a modal dialog; Escape and Cancel leave things as they are. */
export function BlockDialog({ name, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    // The safe choice has the focus, so a stray Enter blocks no one.
    cancel.current?.focus();
  }, []);

  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) dialog.current?.close();
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} onClose={onClose}>
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {t('profile.blockTitle', { name })}
      </h2>
      <p id={`${id}-body`} className={styles.dialogBody}>
        {t('profile.blockBody')}
      </p>
      <div className={styles.dialogActions}>
        <button type="button" ref={cancel} className={styles.secondary} onClick={() => dialog.current?.close()}>
          {t('profile.cancel')}
        </button>
        <button type="button" className={styles.danger} disabled={busy} onClick={() => void confirm()}>
          {t('profile.block')}
        </button>
      </div>
    </dialog>
  );
}
