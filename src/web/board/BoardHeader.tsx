import { FollowBoardButton } from '../follow/FollowButton.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { LockIcon } from '../ui/LockIcon.tsx';
import { ShareButton } from '../messages/ShareButton.tsx';
import styles from './board.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

/** The board's owner and its collaborators, as linked pictures. */
export function BoardPeople({ board }: { board: BoardJson }) {
  const { t } = useTranslation();
  const people = [board.owner, ...board.collaborating_users.filter((user) => user.id !== board.owner.id)];
  const more = Math.max(0, board.collaborator_count - board.collaborating_users.length);
  return (
    <ul className={styles.people} aria-label={t('board.people')}>
      {people.map((user) => (
        <li key={user.id} className={styles.person}>
          <a href={user.profile_url} aria-label={user.full_name || user.username} className={styles.personLink}>
            <Avatar user={user} size={48} />
          </a>
        </li>
      ))}
      {more > 0 && (
        <li className={styles.more} aria-label={t('board.moreCollaborators', { count: more })}>
          +{more}
        </li>
      )}
    </ul>
  );
}

/** Name (with the lock of a secret board), people, description, counts and the follow button. */
export function BoardHeader({ board }: { board: BoardJson }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <h1 className={styles.name}>
        {board.name}
        {board.privacy === 'secret' && (
          <span className={styles.lock}>
            <LockIcon label={t('board.secret')} size={24} />
          </span>
        )}
      </h1>
      <BoardPeople board={board} />
      <p className={styles.owner}>
        {t('board.by')} <a href={board.owner.profile_url}>{board.owner.full_name || board.owner.username}</a>
      </p>
      {board.description && <p className={styles.description}>{board.description}</p>}
      <p className={styles.counts}>
        {t('board.pinCount', { count: board.pin_count })}
        {board.section_count > 0 && <> · {t('board.sectionCount', { count: board.section_count })}</>}
        {board.follower_count > 0 && <> · {t('board.followerCount', { count: board.follower_count })}</>}
      </p>
      <div className={styles.headerActions}>
        <FollowBoardButton board={board} />
        <ShareButton shared={{ board: board.id }} path={board.url} />
      </div>
    </header>
  );
}
