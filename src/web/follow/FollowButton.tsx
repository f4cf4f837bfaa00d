import { loginPathFor } from '../../shared/next-location.ts';
import { useViewer } from '../app/context.ts';
import { useRouter } from '../router/Router.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useFollowBoard, useFollowTopic, useFollowUser } from './useFollow.ts';
import styles from './FollowButton.module.css';

type ButtonProps = { followed: boolean; onToggle: () => void };

/** Follow / Following; a visitor gets a link to log in first, which comes back here. */
function FollowToggle({ followed, onToggle }: ButtonProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  if (!viewer) {
    return (
      <a className={styles.follow} href={loginPathFor(view.location.pathname)}>
        {t('follow.follow')}
      </a>
    );
  }
  return (
    <button type="button" className={followed ? styles.following : styles.follow} onClick={onToggle}>
      {followed ? t('follow.following') : t('follow.follow')}
    </button>
  );
}

type FollowableUser = { id: string; explicitly_followed_by_me: boolean };

/** Follows or unfollows a user; nothing for the viewer's own profile. */
export function FollowUserButton({ user }: { user: FollowableUser }) {
  const viewer = useViewer();
  const follow = useFollowUser();
  if (viewer?.id === user.id) return null;
  return <FollowToggle followed={user.explicitly_followed_by_me} onToggle={() => void follow(user)} />;
}

type FollowableBoard = { id: string; followed_by_me: boolean; owner: { id: string } };

/** Follows or unfollows a board; nothing on the viewer's own board. */
export function FollowBoardButton({ board }: { board: FollowableBoard }) {
  const viewer = useViewer();
  const follow = useFollowBoard();
  if (viewer?.id === board.owner.id) return null;
  return <FollowToggle followed={board.followed_by_me} onToggle={() => void follow(board)} />;
}

/** Follows or unfollows a topic: its pins then come to the home feed. */
export function FollowTopicButton({ topic }: { topic: { id: string; is_followed: boolean } }) {
  const follow = useFollowTopic();
  return <FollowToggle followed={topic.is_followed} onToggle={() => void follow(topic)} />;
}
