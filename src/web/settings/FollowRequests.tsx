import { useState } from 'react';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { callResource } from '../api/http.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { settingsError } from './errors.ts';
import styles from './settings.module.css';

export const FOLLOW_REQUESTS_REQUEST: TypedRequest<'FollowRequestResource'> = { name: 'FollowRequestResource', options: {} };

function RequestRow({ card, busy, onAnswer }: { card: UserCard; busy: boolean; onAnswer: (answer: 'accept' | 'decline') => void }) {
  const { t } = useTranslation();
  const name = card.full_name || card.username;
  return (
    <li className={styles.website}>
      <a href={card.profile_url} className={styles.requester}>
        <Avatar user={card} size={32} />
        <span>{name}</span>
      </a>
      <span className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          disabled={busy}
          aria-label={t('followRequests.acceptName', { name })}
          onClick={() => {
            onAnswer('accept');
          }}
        >
          {t('followRequests.accept')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          aria-label={t('followRequests.declineName', { name })}
          onClick={() => {
            onAnswer('decline');
          }}
        >
          {t('followRequests.decline')}
        </button>
      </span>
    </li>
  );
}

/** The members waiting for the owner of a private profile to let them follow (FollowRequestResource), newest first, a page at a time. */
export function FollowRequests() {
  const { t } = useTranslation();
  const requests = useFeed(FOLLOW_REQUESTS_REQUEST);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = async (userId: string, choice: 'accept' | 'decline') => {
    setBusy(true);
    setError(null);
    try {
      await callResource('FollowRequestResource', 'update', { user_id: userId, answer: choice });
      await requests.refresh();
    } catch (caught) {
      setError(settingsError(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="follow-requests-title">
      <h2 id="follow-requests-title" className={styles.subtitle}>
        {t('followRequests.title')}
      </h2>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      {requests.status !== 'ready' ? null : requests.items.length === 0 ? (
        <p className={styles.intro}>{t('followRequests.none')}</p>
      ) : (
        <ul className={styles.websites}>
          {requests.items.map((card) => (
            <RequestRow
              key={card.id}
              card={card}
              busy={busy}
              onAnswer={(choice) => {
                void answer(card.id, choice);
              }}
            />
          ))}
        </ul>
      )}
      {!requests.atEnd && requests.items.length > 0 && (
        <button type="button" className={styles.secondary} disabled={requests.fetching} onClick={requests.loadMore}>
          {t('followRequests.more')}
        </button>
      )}
    </section>
  );
}
