import { useEffect, useId, useRef, useState, type Dispatch } from 'react';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { errorText, type DropdownAction, type DropdownState } from '../../shared/messages/view-rules.ts';
import { useViewer } from '../app/context.ts';
import { callResource } from '../api/http.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useLive } from '../live/LiveProvider.tsx';
import { ReportDialog } from '../moderation/ReportDialog.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDialog } from '../ui/useDialog.ts';
import { conversationTitle, errorFields } from './conversation-names.ts';
import { newClientId, sendInConversation } from './outgoing.ts';
import { SharedCard } from './SharedCard.tsx';
import styles from './Messages.module.css';

const markRead = (conversationId: string) => callResource('ConversationReadResource', 'update', { conversation_id: conversationId }).catch(() => undefined);

/**
 * One conversation: its messages oldest first, new ones arriving live, and a composer. Opening it
 * (and each message arriving while it is open) moves the read pointer, which clears the badge.
 */
export function ConversationView({ state, dispatch, onBack }: { state: DropdownState; dispatch: Dispatch<DropdownAction>; onBack: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const conversationId = state.conversationId ?? '';
  const [conversation, setConversation] = useState<ConversationJson | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const composerId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const reporting = useDialog();

  useEffect(() => {
    let live = true;
    Promise.all([
      getResource('ConversationResource', { conversation_id: conversationId }),
      getResource('ConversationMessagesResource', { conversation_id: conversationId }),
    ]).then(
      ([loaded, messages]) => {
        if (!live) return;
        setConversation(loaded);
        dispatch({ type: 'openConversation', conversationId, messages });
        void markRead(conversationId);
      },
      (e: unknown) => {
        if (live) setFailed(errorText(errorFields(e), t('messages.loadFailed')));
      },
    );
    return () => {
      live = false;
    };
  }, [conversationId, dispatch, t]);

  useLive('message.created', (data) => {
    if (data.message.conversation_id !== conversationId) return;
    dispatch({ type: 'received', message: data.message });
    if (data.message.sender.id !== viewer?.id) void markRead(conversationId);
  });

  // The newest message in view: the list scrolls to its end as messages come in.
  const count = state.messages.length;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const send = async () => {
    if (!viewer) return;
    setError(null);
    const sender = { id: viewer.id, username: viewer.username, full_name: viewer.full_name, image_medium_url: viewer.image_medium_url };
    const outcome = await sendInConversation({
      dispatch,
      post: (input) => callResource('ConversationMessagesResource', 'create', input),
      sender,
      conversationId,
      content: { text },
      clientId: newClientId(),
      now: Date.now(),
    });
    if (outcome.ok) setText('');
    else if (!outcome.problem) setError(errorText(errorFields(outcome.error), t('messages.sendFailed')));
  };

  const title = conversation && viewer ? conversationTitle(conversation, viewer.id) : '';
  return (
    <section className={styles.panel} aria-labelledby="conversation-title">
      <div className={styles.panelHead}>
        <button type="button" className={styles.back} onClick={onBack} aria-label={t('messages.back')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.flipInRtl}>
            <path d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12 14 3.2z" fill="currentColor" />
          </svg>
        </button>
        <h2 id="conversation-title" className={styles.title}>
          {title || t('messages.button')}
        </h2>
        {conversation && (
          <button
            type="button"
            className={styles.report}
            aria-haspopup="dialog"
            onClick={() => {
              reporting.open(true);
            }}
          >
            {t('report.title.conversation')}
          </button>
        )}
      </div>
      {reporting.shown && <ReportDialog key={reporting.shown.key} target={{ type: 'conversation', id: conversationId }} onClose={reporting.shown.onClose} />}
      {failed && <p className={styles.empty}>{failed}</p>}
      {!failed && !conversation && <Spinner label={t('messages.loading')} />}
      {conversation && (
        <>
          <ol ref={listRef} className={styles.messages} aria-label={t('messages.messagesLabel')} data-testid="conversation-messages">
            {state.messages.map((message) => {
              const mine = message.sender.id === viewer?.id;
              return (
                <li
                  key={message.client_id}
                  className={mine ? `${styles.message} ${styles.mine}` : styles.message}
                  aria-busy={message.type === 'tempMessage' || undefined}
                  data-testid={message.type === 'tempMessage' ? 'temp-message' : 'message'}
                >
                  {!mine && <span className={styles.sender}>{message.sender.full_name || message.sender.username}</span>}
                  {message.text && <p className={styles.text}>{message.text}</p>}
                  {message.type === 'message' && <SharedCard message={message} people={conversation.users} />}
                </li>
              );
            })}
          </ol>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <form
            className={styles.composer}
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <label htmlFor={composerId} className="visually-hidden">
              {t('messages.composer')}
            </label>
            <textarea
              id={composerId}
              className={styles.input}
              rows={1}
              value={text}
              placeholder={t('messages.composer')}
              onChange={(e) => {
                setText(e.target.value);
              }}
              onKeyDown={(e) => {
                // Enter sends, Shift+Enter starts a new line.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void send();
                }
              }}
            />
            <button type="submit" className={styles.primary} disabled={text.trim() === ''}>
              {t('messages.send')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
