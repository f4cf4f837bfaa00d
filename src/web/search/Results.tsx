import type { FeedState } from '../data/resources.tsx';
import { FollowUserButton } from '../follow/FollowButton.tsx';
import { LoadMoreSentinel } from '../grid/LoadMoreSentinel.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import type { PinJson } from '../pins/types.ts';
import { BoardCard } from '../profile/BoardCard.tsx';
import profileStyles from '../profile/profile.module.css';
import styles from './search.module.css';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import type { BoardJson } from '../../shared/contracts/boards.ts';

export function PinResults({ feed, query }: { feed: FeedState<PinJson>; query: string }) {
  const { t } = useTranslation();
  return <PinGrid feed={feed} label={t('search.pinsLabel', { query })} />;
}

/** Boards as on a profile: cover, name and pin count. */
export function BoardResults({ feed, query }: { feed: FeedState<BoardJson>; query: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className={profileStyles.boards} aria-label={t('search.boardsLabel', { query })}>
        {feed.items.map((board) => (
          <BoardCard key={board.id} board={board} />
        ))}
      </ul>
      <LoadMoreSentinel hasMore={!feed.atEnd} fetching={feed.fetching} loadMore={feed.loadMore} />
    </>
  );
}

function PersonRow({ user }: { user: UserCard }) {
  const { t } = useTranslation();
  return (
    <li className={styles.person}>
      <a href={user.profile_url} className={styles.personLink}>
        <Avatar user={user} size={56} />
        <span className={styles.personText}>
          <span className={styles.personName}>{user.full_name || user.username}</span>
          <span className={styles.personMeta}>
            @{user.username} · {t('profile.followerCount', { count: user.follower_count })}
          </span>
        </span>
      </a>
      <FollowUserButton user={user} />
    </li>
  );
}

/** People: picture, name, username and followers, with a follow button each. */
export function PeopleResults({ feed, query }: { feed: FeedState<UserCard>; query: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ul className={styles.people} aria-label={t('search.peopleLabel', { query })}>
        {feed.items.map((user) => (
          <PersonRow key={user.id} user={user} />
        ))}
      </ul>
      <LoadMoreSentinel hasMore={!feed.atEnd} fetching={feed.fetching} loadMore={feed.loadMore} />
    </>
  );
}
