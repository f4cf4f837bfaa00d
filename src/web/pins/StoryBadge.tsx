import { useTranslation } from '../i18n/translate.tsx';
import styles from './StoryBadge.module.css';

/** A story pin's tile: its cover, and this badge saying it has pages to go through. */
export function StoryBadge({ pageCount }: { pageCount: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge}>
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M3 2h7v12H3zM11.5 3.5H13v9h-1.5zM14 5h1v6h-1z" fill="currentColor" />
      </svg>
      {t('story.pages', { count: pageCount })}
    </span>
  );
}
