import { useRef, useState, type SyntheticEvent } from 'react';
import { errorMessage } from '../ui/form-messages.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import type { BoardPrivacy } from '../save/types.ts';
import { deleteBoard, fieldError, setBoardArchived, updateBoard, type BoardChangesInput } from './board-api.ts';
import { applyToBoard, forgetBoardLists } from './board-cache.ts';
import { BoardFieldsForm, type BoardValues } from './BoardFieldsForm.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { CoverChooser } from './CoverChooser.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { SectionsEditor } from './SectionsEditor.tsx';
import { useDialog } from '../ui/useDialog.ts';
import styles from '../ui/forms.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

type Props = { board: BoardJson; onClose: () => void };

/** The changed fields only, so an untouched board is not rewritten. */
function changesOf(board: BoardJson, values: BoardValues, cover: string | null): BoardChangesInput {
  const privacy: BoardPrivacy = values.secret ? 'secret' : 'public';
  return {
    ...(values.name.trim() !== board.name ? { name: values.name } : {}),
    ...(values.description !== board.description ? { description: values.description } : {}),
    ...(privacy !== board.privacy ? { privacy } : {}),
    ...(cover !== (board.cover_pin?.id ?? null) ? { cover_pin_id: cover } : {}),
  };
}

/** "Edit board" (owner): name, description, secret, cover, sections, archive or unarchive, delete. */
export function EditBoardDialog({ board, onClose }: Props) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const { view, navigate } = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<BoardValues>({ name: board.name, description: board.description, secret: board.privacy === 'secret' });
  const [cover, setCover] = useState<string | null>(board.cover_pin?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirmDelete = useDialog();
  const archived = board.archived_by_me_at !== null;

  const finish = (updated: BoardJson) => {
    applyToBoard(store, updated);
    forgetBoardLists(store, board.owner.username);
    dialog.current?.close();
    // A new name is a new address; the page follows it.
    if (updated.url !== board.url && view.location.pathname === board.url) navigate(updated.url, { replace: true });
  };

  const run = async (action: () => Promise<BoardJson>) => {
    setBusy(true);
    setError(null);
    try {
      finish(await action());
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = changesOf(board, values, cover);
    if (Object.keys(changes).length === 0) {
      dialog.current?.close();
      return;
    }
    void run(() => updateBoard(board.id, changes));
  };

  const errors = { name: fieldError(error, 'name'), description: fieldError(error, 'description') };
  return (
    <Dialog title={t('boardEdit.editTitle')} onClose={onClose} dialogRef={dialog}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <BoardFieldsForm values={values} errors={errors} onChange={setValues} />
        <CoverChooser boardId={board.id} value={cover} onChange={setCover} />
        {error !== null && !errors.name && !errors.description && (
          <p role="alert" className={styles.alert}>
            {errorMessage(t, error)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || values.name.trim() === ''}>
            {t('boardEdit.save')}
          </button>
        </div>
      </form>
      <SectionsEditor board={board} canDelete />
      <section className={styles.group} aria-labelledby={`manage-${board.id}`}>
        <h3 id={`manage-${board.id}`} className={styles.sectionTitle}>
          {t('boardEdit.manage')}
        </h3>
        <p className={styles.note}>{archived ? t('boardEdit.unarchiveHint') : t('boardEdit.archiveHint')}</p>
        <div className={`${styles.actions} ${styles.spread}`}>
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => void run(() => setBoardArchived(board.id, !archived))}>
            {archived ? t('boardEdit.unarchive') : t('boardEdit.archive')}
          </button>
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => {
              confirmDelete.open(true);
            }}
          >
            {t('boardEdit.deleteBoard')}
          </button>
        </div>
      </section>
      {confirmDelete.shown && (
        <ConfirmDialog
          key={confirmDelete.shown.key}
          title={t('boardEdit.deleteBoardTitle', { board: board.name })}
          body={t('boardEdit.deleteBoardBody', { count: board.pin_count })}
          confirmLabel={t('boardEdit.deleteForever')}
          onConfirm={async () => {
            await deleteBoard(board.id);
            forgetBoardLists(store, board.owner.username);
            dialog.current?.close();
            navigate(`/${board.owner.username}/`);
          }}
          onClose={confirmDelete.shown.onClose}
        />
      )}
    </Dialog>
  );
}
