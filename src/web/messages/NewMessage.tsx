import { useId, useState } from 'react';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { errorText } from '../../shared/messages/view-rules.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { errorFields } from './conversation-names.ts';
import { newClientId } from './outgoing.ts';
import { PeoplePicker } from './PeoplePicker.tsx';
import { startConversation } from './start-conversation.ts';
import styles from './Messages.module.css';

/** The new-message view: pick people, write, send; the conversation it starts opens. */
export function NewMessage({ onBack, onStarted }: { onBack: () => void; onStarted: (conversation: ConversationJson) => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const [picked, setPicked] = useState<UserCard[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // One id per message typed: pressing Send again after a failure is the same send.
  const [clientId, setClientId] = useState(newClientId);

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      const conversation = await startConversation(
        picked.map((p) => p.id),
        { text },
        clientId,
      );
      setClientId(newClientId());
      onStarted(conversation);
    } catch (e) {
      setError(errorText(errorFields(e), t('messages.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="new-message-title">
      <div className={styles.panelHead}>
        <button type="button" className={styles.back} onClick={onBack} aria-label={t('messages.back')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.flipInRtl}>
            <path d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12 14 3.2z" fill="currentColor" />
          </svg>
        </button>
        <h2 id="new-message-title" className={styles.title}>
          {t('messages.newMessage')}
        </h2>
      </div>
      <form
        className={styles.newForm}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <PeoplePicker picked={picked} onChange={setPicked} />
        <label htmlFor={textId} className={styles.label}>
          {t('messages.composer')}
        </label>
        <textarea
          id={textId}
          className={styles.input}
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
          }}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={sending || picked.length === 0 || text.trim() === ''}>
          {t('messages.send')}
        </button>
      </form>
    </section>
  );
}
