import { useRef, useState } from 'react';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { errorText } from '../../shared/messages/view-rules.ts';
import { useViewer } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { errorFields } from './conversation-names.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { startConversation } from './start-conversation.ts';
import styles from './Messages.module.css';

export type Shared = { pin: string } | { board: string };

/**
 * Share a pin or a board (viewer spec section 4): copy its link, or (signed in) send it to people,
 * share suggestions first; each person gets it in their own conversation with the sender.
 */
export function ShareButton({ shared, path }: { shared: Shared; path: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.shareButton}
        data-testid="share-button"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('share.button')}
      </button>
      {open && (
        <ShareDialog
          shared={shared}
          path={path}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function ShareDialog({ shared, path, onClose }: { shared: Shared; path: string; onClose: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { showToast } = useToast();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [picked, setPicked] = useState<UserCard[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = new URL(path, window.location.origin).href;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(t('share.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link stays on screen to copy by hand.
      document.getElementById('share-link')?.focus();
    }
  };

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      for (const person of picked) await startConversation([person.id], { text: '', ...shared });
      showToast(t('share.sent'));
      dialogRef.current?.close();
    } catch (e) {
      setError(errorText(errorFields(e), t('messages.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog title={t('share.button')} onClose={onClose} dialogRef={dialogRef}>
      <div className={styles.share}>
        <div className={styles.composer}>
          <input id="share-link" className={styles.input} readOnly value={url} aria-label={t('share.copyLink')} />
          <button type="button" className={styles.primary} onClick={() => void copy()}>
            {t('share.copyLink')}
          </button>
        </div>
        {viewer && (
          <form
            className={styles.newForm}
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <PeoplePicker picked={picked} onChange={setPicked} />
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <button type="submit" className={styles.primary} disabled={sending || picked.length === 0} data-testid="share-send">
              {t('messages.send')}
            </button>
          </form>
        )}
      </div>
    </Dialog>
  );
}
