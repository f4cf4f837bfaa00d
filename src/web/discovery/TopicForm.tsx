import { useState, type SyntheticEvent } from 'react';
import { TextField } from '../ui/TextField.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { callResource } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import forms from '../ui/forms.module.css';

/** Adds a topic beyond the demo's: its pins are found by its name, at once. */
export function TopicForm({ onAdded }: { onAdded: (name: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const topic = await callResource('InterestAdminResource', 'create', { name });
      setName('');
      await onAdded(topic.name);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={forms.form} onSubmit={(e) => void submit(e)} aria-label={t('todayAdmin.addTopic')}>
      <TextField
        label={t('todayAdmin.topicName')}
        name="name"
        value={name}
        maxLength={60}
        required
        onChange={(e) => {
          setName(e.target.value);
        }}
      />
      {error !== null && (
        <p role="alert" className={forms.alert}>
          {errorMessage(t, error)}
        </p>
      )}
      <div className={forms.actions}>
        <button type="submit" className={forms.primary} disabled={busy || name.trim() === ''}>
          {t('todayAdmin.addTopicButton')}
        </button>
      </div>
    </form>
  );
}
