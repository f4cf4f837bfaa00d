import styles from '../ui/forms.module.css';
import type { UserCard } from '../../shared/contracts/user-cards.ts';

/** A member's picture, or their initial on a grey disc. */
export function Avatar({ user }: { user: UserCard }) {
  if (user.image_medium_url) return <img className={styles.avatar} src={user.image_medium_url} alt="" width={40} height={40} />;
  const initial = (user.full_name || user.username).trim()[0]?.toUpperCase() ?? '?';
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initial}
    </span>
  );
}
