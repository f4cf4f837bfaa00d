import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../api/http.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { findUser, inviteCollaborator } from './board-api.ts';
import { usernameOf } from './username.ts';
import styles from '../ui/forms.module.css';

/** Invite by username (found with UserResource, then BoardCollaboratorResource create). */
export function InviteForm({ boardId, onInvited }: { boardId: string; onInvited: (username: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = usernameOf(text);
    if (username === '') return;
    setBusy(true);
    setError(null);
    try {
      const user = await findUser(username);
      await inviteCollaborator(boardId, user.id);
      setText('');
      await onInvited(user.username);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.httpStatus === 404 ? t('collaborators.noSuchUser', { username }) : errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.inline} onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField
        label={t('collaborators.inviteLabel')}
        value={text}
        maxLength={100}
        placeholder={t('collaborators.invitePlaceholder')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus=""
        error={error}
        onChange={(e) => {
          setText(e.target.value);
        }}
      />
      <button type="submit" className={styles.smallPrimary} disabled={busy || text.trim() === ''}>
        {t('collaborators.invite')}
      </button>
    </form>
  );
}
