import type { StoryDraft } from '../../shared/story-pin-draft.ts';
import { STORY_LIMITS } from '../../shared/story-pin.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from './StoryBuilder.module.css';

type Props = {
  draft: StoryDraft;
  onSelect: (key: string) => void;
  onAdd: () => void;
  onMove: (key: string, offset: number) => void;
  onRemove: (key: string) => void;
};

/** The story's pages in order: pick one to edit, add one after it, move it or remove it. */
export function StoryPages({ draft, onSelect, onAdd, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const index = draft.pages.findIndex((p) => p.key === draft.selected);
  const full = draft.pages.length >= STORY_LIMITS.pages;
  return (
    <div className={styles.pages}>
      <h3 className={styles.pagesHeading}>{t('pinBuilder.storyPages')}</h3>
      <ol className={styles.pageList}>
        {draft.pages.map((page, i) => (
          <li key={page.key}>
            <button
              type="button"
              className={styles.pageChip}
              aria-pressed={page.key === draft.selected}
              onClick={() => {
                onSelect(page.key);
              }}
            >
              <span className={styles.swatch} style={{ backgroundColor: page.background_color }} aria-hidden="true" />
              {t('story.pageNumber', { number: i + 1 })}
            </button>
          </li>
        ))}
      </ol>
      <div className={styles.row}>
        <button type="button" className={styles.small} disabled={full} onClick={onAdd}>
          {t('pinBuilder.storyAddPage')}
        </button>
        <button
          type="button"
          className={styles.small}
          disabled={index <= 0}
          onClick={() => {
            onMove(draft.selected, -1);
          }}
        >
          {t('pinBuilder.storyMoveEarlier')}
        </button>
        <button
          type="button"
          className={styles.small}
          disabled={index >= draft.pages.length - 1}
          onClick={() => {
            onMove(draft.selected, 1);
          }}
        >
          {t('pinBuilder.storyMoveLater')}
        </button>
        <button
          type="button"
          className={styles.small}
          disabled={draft.pages.length === 1}
          onClick={() => {
            onRemove(draft.selected);
          }}
        >
          {t('pinBuilder.storyRemovePage')}
        </button>
      </div>
      {full && <p className={styles.hint}>{t('pinBuilder.storyPageLimit', { max: STORY_LIMITS.pages })}</p>}
    </div>
  );
}
