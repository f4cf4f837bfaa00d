import { LockIcon } from '../ui/LockIcon.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import styles from './profile.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

/** A board on a profile: its cover (the chosen cover pin or the newest pin), name, pin count and the lock of a secret board. */
export function BoardCard({ board }: { board: BoardJson }) {
  const { t } = useTranslation();
  const cover = imageSource(board.cover_images, '236x');
  return (
    <li>
      <a className={styles.boardCard} href={board.url}>
        <span className={styles.boardCover} style={{ backgroundColor: board.cover_images?.['236x']?.dominant_color ?? undefined }}>
          {cover && (
            <img src={cover.src} srcSet={cover.srcSet} sizes="236px" alt="" width={cover.width} height={cover.height} loading="lazy" decoding="async" />
          )}
        </span>
        <span className={styles.boardName}>
          <span className={styles.boardNameText}>{board.name}</span>
          {board.privacy === 'secret' && <LockIcon label={t('board.secret')} />}
        </span>
        <span className={styles.boardMeta}>
          {t('board.pinCount', { count: board.pin_count })}
          {board.section_count > 0 && <> · {t('board.sectionCount', { count: board.section_count })}</>}
        </span>
      </a>
    </li>
  );
}
