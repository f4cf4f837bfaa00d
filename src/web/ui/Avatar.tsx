import styles from './Avatar.module.css';

type AvatarUser = { full_name: string; username: string; image_small_url: string | null; image_medium_url: string | null; image_large_url: string | null };

/** A user's picture, or the first letter of their name on a tinted disc; decorative beside their name. */
export function Avatar({ user, size }: { user: AvatarUser; size: number }) {
  const url = size <= 32 ? user.image_small_url : size <= 72 ? user.image_medium_url : user.image_large_url;
  const box = { inlineSize: size, blockSize: size };
  if (url) return <img className={styles.avatar} src={url} alt="" width={size} height={size} style={box} />;
  const initial = (user.full_name.trim() || user.username).charAt(0).toUpperCase() || '?';
  return (
    <span className={styles.initial} style={{ ...box, fontSize: Math.round(size * 0.45) }} aria-hidden="true">
      {initial}
    </span>
  );
}
