import { useCallback, useEffect, useReducer, useState } from 'react';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { CLOSED, dropdownReducer } from '../../shared/messages/view-rules.ts';
import { useViewer } from '../app/context.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useLive } from '../live/LiveProvider.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ContactRequests } from './ContactRequests.tsx';
import { ConversationView } from './ConversationView.tsx';
import { conversationTitle } from './conversation-names.ts';
import { NewMessage } from './NewMessage.tsx';
import styles from './Messages.module.css';

type List = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: ConversationJson[]; requests: ConversationJson[] };

/**
 * The conversations dropdown (viewer spec section 4): the list, latest first, with unread counts;
 * one open conversation; or the new-message view. Which one shows follows the shared view rules.
 */
export function MessagesPanel() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [state, dispatch] = useReducer(dropdownReducer, { ...CLOSED, open: true });
  const [list, setList] = useState<List>({ status: 'loading' });

  const load = useCallback(() => {
    Promise.all([getResource('ConversationsResource', {}), getResource('ConversationsResource', { requests: true })]).then(
      ([items, requests]) => {
        setList({ status: 'ready', items, requests });
      },
      () => {
        setList({ status: 'error' });
      },
    );
  }, []);
  useEffect(load, [load]);
  // A new message moves its conversation up and changes its unread count: read the list again.
  useLive('message.created', load);
  useLive('conversation.read', load);

  if (!viewer) return null;
  if (state.newMessage) {
    return (
      <NewMessage
        onBack={() => {
          dispatch({ type: 'showList' });
        }}
        onStarted={(conversation) => {
          dispatch({ type: 'openConversation', conversationId: conversation.id, messages: [] });
        }}
      />
    );
  }
  if (state.conversationId) {
    return (
      <ConversationView
        key={state.conversationId}
        state={state}
        dispatch={dispatch}
        onBack={() => {
          dispatch({ type: 'showList' });
          load();
        }}
      />
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="messages-title">
      <div className={styles.panelHead}>
        <h2 id="messages-title" className={styles.title}>
          {t('messages.button')}
        </h2>
        <button
          type="button"
          className={styles.primary}
          onClick={() => {
            dispatch({ type: 'openNewMessage' });
          }}
        >
          {t('messages.newMessage')}
        </button>
      </div>
      {list.status === 'loading' && <Spinner label={t('messages.loading')} />}
      {list.status === 'error' && <p className={styles.empty}>{t('messages.loadFailed')}</p>}
      {list.status === 'ready' && <ContactRequests requests={list.requests} viewerId={viewer.id} onAnswered={load} />}
      {list.status === 'ready' && list.items.length === 0 && list.requests.length === 0 && <p className={styles.empty}>{t('messages.empty')}</p>}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul className={styles.list}>
          {list.items.map((conversation) => {
            const others = conversation.users.filter((u) => u.id !== viewer.id);
            const title = conversationTitle(conversation, viewer.id);
            const last = conversation.last_message;
            return (
              <li key={conversation.id}>
                <button
                  type="button"
                  className={conversation.unread > 0 ? `${styles.item} ${styles.unread}` : styles.item}
                  data-testid="conversation-item"
                  onClick={() => {
                    dispatch({ type: 'openConversation', conversationId: conversation.id, messages: [] });
                  }}
                >
                  {others[0] ? <Avatar user={others[0]} size={40} /> : <span className={styles.avatarGap} />}
                  <span className={styles.itemText}>
                    <span className={styles.itemName}>{title}</span>
                    {last && (
                      <span className={styles.itemLast}>
                        {last.text || t(`messages.shared.${last.pin ? 'pin' : last.board ? 'board' : last.did_it ? 'triedIt' : 'profile'}`)}
                      </span>
                    )}
                  </span>
                  {conversation.unread > 0 && <span className={styles.unreadCount}>{t('messages.unread', { count: conversation.unread })}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
