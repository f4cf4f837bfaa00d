import { lazy, Suspense, useState } from 'react';
import { useViewer } from '../app/context.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { boardRequest } from './board-requests.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { acceptInvite, acceptOwnership, cancelOwnership, declineInvite, removeCollaborator, requestToJoin } from './board-api.ts';
import { applyToBoard, forgetBoardLists } from './board-cache.ts';
import { useDialog } from '../ui/useDialog.ts';
import styles from './BoardActionsBar.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

const EditBoardDialog = lazy(() => import('./EditBoardDialog.tsx').then((m) => ({ default: m.EditBoardDialog })));
const CollaboratorsDialog = lazy(() => import('./CollaboratorsDialog.tsx').then((m) => ({ default: m.CollaboratorsDialog })));

type Role = 'owner' | 'pendingOwner' | 'invited' | 'requested' | 'collaborator' | 'visitor' | 'signedOut';

function roleOf(board: BoardJson, viewerId: string | null): Role {
  if (viewerId === null) return 'signedOut';
  if (board.owner.id === viewerId) return 'owner';
  if (board.pending_ownership_transfer?.user.id === viewerId) return 'pendingOwner';
  if (board.viewer_collaborator_status === 'invited') return 'invited';
  if (board.viewer_collaborator_status === 'requested') return 'requested';
  if (board.viewer_collaborator_status === 'accepted') return 'collaborator';
  return 'visitor';
}

/** Buttons that change the viewer's standing on the board; each answers the board's new state. */
function useStanding(board: BoardJson) {
  const store = useResourceStore();
  const viewer = useViewer();
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<Partial<BoardJson> | null>, done: string) => {
    setBusy(true);
    try {
      const changes = await action();
      if (changes) applyToBoard(store, { ...changes, id: board.id });
      forgetBoardLists(store, viewer?.username ?? '');
      showToast(done);
    } catch (failure) {
      showToast(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * The board page's actions for whoever looks at it: the owner edits the board and manages its
 * collaborators; an invitee accepts or declines; a pending owner takes or declines the board; a
 * collaborator leaves; any other member asks to join (or withdraws the request). The board is the
 * page's own read (by path), so every change made here shows on the page at once.
 */
export function BoardActionsBar({ username, slug }: { username: string; slug: string }) {
  const board = useResource(boardRequest(username, slug));
  return board.status === 'ready' ? <Actions board={board.data} /> : null;
}

function Actions({ board }: { board: BoardJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const dialog = useDialog<'edit' | 'collaborators'>();
  const { busy, run } = useStanding(board);
  const role = roleOf(board, viewer?.id ?? null);
  const button = (label: string, onClick: () => void, primary = false) => (
    <button type="button" className={primary ? styles.primary : styles.secondary} disabled={busy} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div className={styles.bar}>
      {role === 'owner' && (
        <>
          {button(t('boardEdit.editBoard'), () => {
            dialog.open('edit');
          })}
          {button(t('collaborators.manage'), () => {
            dialog.open('collaborators');
          })}
        </>
      )}
      {role === 'invited' && (
        <div className={styles.banner} role="region" aria-label={t('collaborators.invitation')}>
          <p>{t('collaborators.invitedYou', { name: board.owner.full_name || board.owner.username })}</p>
          {button(t('collaborators.accept'), () => void run(() => acceptInvite(board.id), t('collaborators.joined')), true)}
          {button(
            t('collaborators.decline'),
            () =>
              void run(async () => {
                await declineInvite(board.id);
                return { viewer_collaborator_status: 'not_invited' };
              }, t('collaborators.declined')),
          )}
        </div>
      )}
      {role === 'pendingOwner' && (
        <div className={styles.banner} role="region" aria-label={t('collaborators.ownershipOffer')}>
          <p>{t('collaborators.ownershipOfferedYou', { name: board.owner.full_name || board.owner.username })}</p>
          {button(t('collaborators.acceptOwnership'), () => void run(() => acceptOwnership(board.id), t('collaborators.ownershipAccepted')), true)}
          {button(
            t('collaborators.decline'),
            () =>
              void run(async () => {
                await cancelOwnership(board.id);
                return { pending_ownership_transfer: null };
              }, t('collaborators.declined')),
          )}
        </div>
      )}
      {role === 'requested' &&
        button(
          t('collaborators.withdrawRequest'),
          () =>
            void run(async () => {
              await declineInvite(board.id);
              return { viewer_collaborator_status: 'not_invited' };
            }, t('collaborators.requestWithdrawn')),
        )}
      {role === 'collaborator' &&
        viewer &&
        button(
          t('collaborators.leave'),
          () =>
            void run(async () => {
              await removeCollaborator(board.id, viewer.id);
              return { viewer_collaborator_status: 'not_invited', access: [] };
            }, t('collaborators.left')),
        )}
      {role === 'visitor' &&
        button(
          t('collaborators.requestToJoin'),
          () =>
            void run(async () => {
              await requestToJoin(board.id);
              return { viewer_collaborator_status: 'requested' };
            }, t('collaborators.requestSent')),
        )}
      <Suspense fallback={null}>
        {dialog.shown?.value === 'edit' && <EditBoardDialog key={dialog.shown.key} board={board} onClose={dialog.shown.onClose} />}
        {dialog.shown?.value === 'collaborators' && <CollaboratorsDialog key={dialog.shown.key} board={board} onClose={dialog.shown.onClose} />}
      </Suspense>
    </div>
  );
}
