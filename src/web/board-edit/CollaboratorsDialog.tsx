import { useState } from 'react';
import { errorMessage } from '../ui/form-messages.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { Avatar } from './Avatar.tsx';
import { approveRequest, cancelOwnership, collaboratorsRequest, offerOwnership, removeCollaborator } from './board-api.ts';
import { applyToBoard } from './board-cache.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { InviteForm } from './InviteForm.tsx';
import styles from '../ui/forms.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';
import type { CollaboratorJson } from '../../shared/contracts/board-collaborators.ts';

type Action = { label: string; aria: string; primary?: boolean; run: () => Promise<unknown>; countBy?: number };

function Person({ entry, actions }: { entry: CollaboratorJson; actions: Action[] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const go = async (action: Action) => {
    setBusy(true);
    setError(null);
    try {
      await action.run();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <div className={styles.item}>
        <Avatar user={entry.user} />
        <span className={styles.itemMain}>
          {entry.user.full_name || entry.user.username}
          <span className={styles.itemSub}>@{entry.user.username}</span>
        </span>
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.primary ? styles.smallPrimary : styles.small}
            aria-label={action.aria}
            disabled={busy}
            onClick={() => void go(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
      {error !== null && (
        <p role="alert" className={styles.alert}>
          {errorMessage(t, error)}
        </p>
      )}
    </li>
  );
}

/**
 * Collaborators (the board's owner): invite by username; the collaborators with remove and
 * "make owner" (an ownership transfer request, cancellable); pending invites to withdraw;
 * requests to join to approve or deny.
 */
export function CollaboratorsDialog({ board, onClose }: { board: BoardJson; onClose: () => void }) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const { showToast } = useToast();
  const request = collaboratorsRequest(board.id);
  const list = useResource(request);
  const [pending, setPending] = useState(board.pending_ownership_transfer);
  const entries = list.status === 'ready' ? list.data : [];

  const changed = async (countBy = 0) => {
    if (countBy !== 0) {
      store.changeItems((item) =>
        item['type'] === 'board' && item['id'] === board.id
          ? { ...item, collaborator_count: Math.max(0, Number(item['collaborator_count'] ?? 0) + countBy) }
          : undefined,
      );
    }
    await store.refresh(request);
  };
  const name = (e: CollaboratorJson) => e.user.full_name || e.user.username;
  const act = (label: string, aria: string, run: () => Promise<unknown>, countBy = 0, primary = false): Action => ({
    label,
    aria,
    primary,
    run: async () => {
      await run();
      await changed(countBy);
    },
  });

  const offer = async (entry: CollaboratorJson) => {
    const updated = await offerOwnership(board.id, entry.user.id);
    applyToBoard(store, updated);
    setPending(updated.pending_ownership_transfer);
    showToast(t('collaborators.ownershipOffered', { name: name(entry) }));
  };
  const cancelOffer = async () => {
    await cancelOwnership(board.id);
    applyToBoard(store, { id: board.id, pending_ownership_transfer: null });
    setPending(null);
  };

  const group = (title: string, status: CollaboratorJson['status'], actionsOf: (e: CollaboratorJson) => Action[]) => {
    const people = entries.filter((e) => e.status === status);
    if (people.length === 0) return null;
    return (
      <section>
        <h3 className={styles.sectionTitle}>{title}</h3>
        <ul className={styles.list}>
          {people.map((entry) => (
            <Person key={entry.user.id} entry={entry} actions={actionsOf(entry)} />
          ))}
        </ul>
      </section>
    );
  };

  return (
    <Dialog title={t('collaborators.title')} onClose={onClose}>
      <div className={styles.form}>
        <p className={styles.note}>{t('collaborators.intro')}</p>
        <InviteForm
          boardId={board.id}
          onInvited={async (username) => {
            showToast(t('collaborators.invited', { username }));
            await changed();
          }}
        />
        {pending && (
          <div className={styles.item} role="status">
            <span className={styles.itemMain}>{t('collaborators.ownershipPending', { name: pending.user.full_name || pending.user.username })}</span>
            <button
              type="button"
              className={styles.small}
              onClick={() =>
                void cancelOffer().catch((e: unknown) => {
                  showToast(errorMessage(t, e));
                })
              }
            >
              {t('collaborators.cancelOffer')}
            </button>
          </div>
        )}
        {list.status === 'error' && <p className={styles.alert}>{list.error.message}</p>}
        {group(t('collaborators.requests'), 'requested', (e) => [
          act(t('collaborators.approve'), t('collaborators.approveName', { name: name(e) }), () => approveRequest(board.id, e.user.id), 1, true),
          act(t('collaborators.deny'), t('collaborators.denyName', { name: name(e) }), () => removeCollaborator(board.id, e.user.id)),
        ])}
        {group(t('collaborators.collaborators'), 'accepted', (e) => [
          ...(pending ? [] : [{ label: t('collaborators.makeOwner'), aria: t('collaborators.makeOwnerName', { name: name(e) }), run: () => offer(e) }]),
          act(t('collaborators.remove'), t('collaborators.removeName', { name: name(e) }), () => removeCollaborator(board.id, e.user.id), -1),
        ])}
        {group(t('collaborators.pendingInvites'), 'invited', (e) => [
          act(t('collaborators.withdraw'), t('collaborators.withdrawName', { name: name(e) }), () => removeCollaborator(board.id, e.user.id)),
        ])}
        {list.status === 'ready' && entries.length === 0 && <p className={styles.note}>{t('collaborators.none')}</p>}
      </div>
    </Dialog>
  );
}
