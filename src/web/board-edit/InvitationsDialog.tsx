import { useRef, useState } from 'react';
import { errorMessage } from '../ui/form-messages.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { Avatar } from './Avatar.tsx';
import { acceptInvite, declineInvite, INVITATIONS_REQUEST } from './board-api.ts';
import { forgetBoardLists } from './board-cache.ts';
import { Dialog } from '../ui/Dialog.tsx';
import styles from '../ui/forms.module.css';
import type { InvitationJson } from '../../shared/contracts/board-collaborators.ts';

function Invitation({ invitation, onAnswered }: { invitation: InvitationJson; onAnswered: (accepted: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { board } = invitation;
  const from = invitation.invited_by_user ?? board.owner;
  const answer = async (accepted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await (accepted ? acceptInvite(board.id) : declineInvite(board.id));
      await onAnswered(accepted);
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };
  return (
    <li>
      <div className={styles.item}>
        <Avatar user={from} />
        <span className={styles.itemMain}>
          {board.name}
          <span className={styles.itemSub}>{t('collaborators.invitedBy', { name: from.full_name || from.username })}</span>
        </span>
        <button
          type="button"
          className={styles.smallPrimary}
          disabled={busy}
          aria-label={t('collaborators.acceptBoard', { board: board.name })}
          onClick={() => void answer(true)}
        >
          {t('collaborators.accept')}
        </button>
        <button
          type="button"
          className={styles.small}
          disabled={busy}
          aria-label={t('collaborators.declineBoard', { board: board.name })}
          onClick={() => void answer(false)}
        >
          {t('collaborators.decline')}
        </button>
      </div>
      {error !== null && (
        <p role="alert" className={styles.alert}>
          {errorMessage(t, error)}
        </p>
      )}
    </li>
  );
}

/** The boards the viewer is invited to (BoardInviteResource): accept (and open the board) or decline. */
export function InvitationsDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const { navigate } = useRouter();
  const invitations = useResource(INVITATIONS_REQUEST);
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <Dialog title={t('collaborators.invitationsTitle')} onClose={onClose} dialogRef={dialog}>
      {invitations.status === 'loading' && <p className={styles.note}>{t('collaborators.loading')}</p>}
      {invitations.status === 'error' && <p className={styles.alert}>{invitations.error.message}</p>}
      {invitations.status === 'ready' && invitations.data.length === 0 && <p className={styles.note}>{t('collaborators.noInvitations')}</p>}
      {invitations.status === 'ready' && invitations.data.length > 0 && (
        <ul className={styles.list}>
          {invitations.data.map((invitation) => (
            <Invitation
              key={invitation.board.id}
              invitation={invitation}
              onAnswered={async (accepted) => {
                forgetBoardLists(store, username);
                await store.refresh(INVITATIONS_REQUEST);
                if (accepted) {
                  dialog.current?.close();
                  navigate(invitation.board.url);
                }
              }}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
