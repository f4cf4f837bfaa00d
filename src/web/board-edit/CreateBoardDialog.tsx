import { useRef, useState, type SyntheticEvent } from 'react';
import { useViewer } from '../app/context.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { createBoard, fieldError } from './board-api.ts';
import { forgetBoardLists } from './board-cache.ts';
import { BoardFieldsForm, type BoardValues } from './BoardFieldsForm.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import styles from '../ui/forms.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

type Props = { onClose: () => void; onCreated?: (board: BoardJson) => void };

/** "Create board": name, description and secret; the new board's page opens unless the caller takes it. */
export function CreateBoardDialog({ onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const store = useResourceStore();
  const { navigate } = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<BoardValues>({ name: '', description: '', secret: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const board = await createBoard({ name: values.name, description: values.description, privacy: values.secret ? 'secret' : 'public' });
      forgetBoardLists(store, viewer?.username ?? '');
      dialog.current?.close();
      if (onCreated) onCreated(board);
      else navigate(board.url);
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };

  const errors = { name: fieldError(error, 'name'), description: fieldError(error, 'description') };
  return (
    <Dialog title={t('boardEdit.createTitle')} onClose={onClose} dialogRef={dialog}>
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <BoardFieldsForm values={values} errors={errors} onChange={setValues} />
        {error !== null && !errors.name && !errors.description && (
          <p role="alert" className={styles.alert}>
            {errorMessage(t, error)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || values.name.trim() === ''}>
            {t('boardEdit.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
