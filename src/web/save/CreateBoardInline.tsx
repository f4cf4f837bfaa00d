import { useState, type SyntheticEvent } from 'react';
import { useViewer } from '../app/context.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { BOARD_NAME_MAX } from '../board-edit/board-limits.ts';
import { createBoard, fieldError } from '../board-edit/board-api.ts';
import { forgetBoardLists } from '../board-edit/board-cache.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { SecretToggle } from '../board-edit/SecretToggle.tsx';
import styles from './BoardPicker.module.css';
import type { BoardRef } from '../../shared/contracts/pins.ts';

type Props = { initialName: string; onCreated: (board: BoardRef) => void; onCancel: () => void };

/** "Create board" inside the picker: a name and the secret switch; the new board is picked at once. */
export function CreateBoardInline({ initialName, onCreated, onCancel }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const store = useResourceStore();
  const [name, setName] = useState(initialName);
  const [secret, setSecret] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const board = await createBoard({ name, privacy: secret ? 'secret' : 'public' });
      forgetBoardLists(store, viewer?.username ?? '');
      onCreated(board);
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  };

  const nameError = error ? fieldError(error, 'name') : null;
  return (
    <form className={styles.createForm} onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField
        label={t('boardEdit.name')}
        name="name"
        value={name}
        maxLength={BOARD_NAME_MAX}
        placeholder={t('boardEdit.namePlaceholder')}
        required
        autoFocus
        autoComplete="off"
        error={nameError}
        onChange={(e) => {
          setName(e.target.value);
        }}
      />
      <SecretToggle checked={secret} onChange={setSecret} />
      {error !== null && !nameError && (
        <p role="alert" className={styles.formError}>
          {errorMessage(t, error)}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('boardEdit.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy || name.trim() === ''}>
          {t('boardEdit.create')}
        </button>
      </div>
    </form>
  );
}
