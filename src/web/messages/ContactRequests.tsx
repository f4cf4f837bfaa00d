import { useState } from 'react';
import type { ContactRequestAnswer, ConversationJson } from '../../shared/contracts/messages.ts';
import type { z } from 'zod';
import { errorText } from '../../shared/messages/view-rules.ts';
import { callResource } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { errorFields } from './conversation-names.ts';
import styles from './Messages.module.css';

type Answer = z.infer<typeof ContactRequestAnswer>;

/**
 * Contact requests waiting for the member (someone they do not follow wrote to them): the sender
 * and a preview of the first message, to accept (it joins the conversations), decline, or decline
 * and block the sender.
 */
export function ContactRequests({ requests, viewerId, onAnswered }: { requests: ConversationJson[]; viewerId: string; onAnswered: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (requests.length === 0) return null;

  const answer = async (conversationId: string, value: Answer) => {
    setBusy(conversationId);
    setError(null);
    try {
      await callResource('ContactRequestResource', 'update', { conversation_id: conversationId, answer: value });
      onAnswered();
    } catch (e) {
      setError(errorText(errorFields(e), t('messages.loadFailed')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="contact-requests-title" className={styles.requests}>
      <h3 id="contact-requests-title" className={styles.subtitle}>
        {t('messages.requests')}
      </h3>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <ul className={styles.list}>
        {requests.map((request) => {
          const sender = request.last_message?.sender.id ?? '';
          const from = request.users.find((u) => u.id === sender) ?? request.users.find((u) => u.id !== viewerId);
          const name = from ? from.full_name || from.username : '';
          return (
            <li key={request.id} className={styles.request} data-testid="contact-request">
              <div className={styles.item}>
                {from ? <Avatar user={from} size={40} /> : <span className={styles.avatarGap} />}
                <span className={styles.itemText}>
                  <span className={styles.itemName}>{name}</span>
                  {request.last_message?.text && <span className={styles.itemLast}>{request.last_message.text}</span>}
                </span>
              </div>
              <div className={styles.requestActions} role="group" aria-label={name}>
                {(['accept', 'decline', 'block'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    className={value === 'accept' ? styles.primary : styles.shareButton}
                    disabled={busy === request.id}
                    onClick={() => void answer(request.id, value)}
                  >
                    {t(`messages.${value}`)}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
