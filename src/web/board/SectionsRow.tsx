import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import styles from './board.module.css';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';

export function sectionPath(board: Pick<BoardJson, 'url'>, section: Pick<SectionJson, 'slug'>): string {
  return `${board.url}${encodeURIComponent(section.slug)}/`;
}

/** The board's sections, each with its newest pin as the cover and its pin count, leading to its page. */
export function SectionsRow({ board, sections }: { board: BoardJson; sections: readonly SectionJson[] }) {
  const { t } = useTranslation();
  if (sections.length === 0) return null;
  return (
    <section className={styles.sectionsBlock} aria-labelledby="board-sections-heading">
      <h2 id="board-sections-heading" className={styles.subheading}>
        {t('board.sectionsHeading')}
      </h2>
      <ul className={styles.sections}>
        {sections.map((section) => {
          const cover = imageSource(section.cover_images, '236x');
          return (
            <li key={section.id}>
              <a className={styles.sectionCard} href={sectionPath(board, section)}>
                <span className={styles.sectionCover} style={{ backgroundColor: section.cover_images?.['236x']?.dominant_color ?? undefined }}>
                  {cover && (
                    <img src={cover.src} srcSet={cover.srcSet} sizes="236px" alt="" width={cover.width} height={cover.height} loading="lazy" decoding="async" />
                  )}
                </span>
                <span className={styles.sectionTitle}>{section.title}</span>
                <span className={styles.sectionCount}>{t('board.pinCount', { count: section.pin_count })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
