import { useEffect, useState } from 'react';
import type { NotificationJson } from '../../shared/contracts/notifications.ts';
import { callResource } from '../api/http.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation, type Translate } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { notificationText } from './notification-text.ts';
import styles from './NewsHub.module.css';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: NotificationJson[] };

/** The news hub's list: newest first, each a link with its people's pictures; opening it marks them seen. */
export function NewsHubPanel({ onSeen }: { onSeen: (unseen: number) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    getResource('NewsHubResource', {}).then(
      async (items) => {
        if (!live) return;
        setState({ status: 'ready', items });
        if (items.some((n) => !n.seen)) onSeen((await callResource('NewsHubResource', 'update', {})).news_hub_unseen_count);
      },
      () => {
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [onSeen]);

  return (
    <section className={styles.hub} aria-labelledby="news-hub-title">
      <h2 id="news-hub-title" className={styles.title}>
        {t('newsHub.title')}
      </h2>
      {state.status === 'loading' && <Spinner label={t('newsHub.loading')} />}
      {state.status === 'error' && <p className={styles.empty}>{t('newsHub.error')}</p>}
      {state.status === 'ready' && state.items.length === 0 && <p className={styles.empty}>{t('newsHub.empty')}</p>}
      {state.status === 'ready' && state.items.length > 0 && (
        <ul className={styles.list}>
          {state.items.map((item) => (
            <li key={item.id}>
              <Item item={item} t={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({ item, t }: { item: NotificationJson; t: Translate }) {
  const first = item.actors[0];
  return (
    <a href={item.url} className={item.seen ? styles.item : `${styles.item} ${styles.unseen}`}>
      {first && <Avatar user={first} size={40} />}
      <span className={styles.text}>{notificationText(t, item)}</span>
    </a>
  );
}
