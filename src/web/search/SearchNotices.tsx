import { useTranslation } from '../i18n/translate.tsx';
import { searchPath, type SearchState } from './search-url.ts';
import type { SearchGuide, SearchTypo } from '../../shared/contracts/search.ts';
import styles from './search.module.css';

/** "Showing results for <corrected>", and the way back to the words as typed (auto_correction_disabled). */
export function TypoBanner({ typo, state }: { typo: SearchTypo; state: SearchState }) {
  const { t } = useTranslation();
  const exact = searchPath({ ...state, query: typo.original_query, exact: true });
  return (
    <p className={styles.typo} role="status">
      <span>{t('search.typoShowing', { corrected: typo.corrected_query })}</span>{' '}
      <a href={exact} className={styles.typoLink}>
        {t('search.typoInstead', { original: typo.original_query })}
      </a>
    </p>
  );
}

/** Guided search: chips that add a word to the query, in the same tab and with the same filters. */
export function Guides({ guides, state }: { guides: SearchGuide[]; state: SearchState }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.guides} aria-label={t('search.guidesLabel')}>
      <ul className={styles.guideList}>
        {guides.map((guide) => (
          <li key={guide.term}>
            <a href={searchPath({ ...state, query: guide.query, exact: false })} className={styles.guide}>
              {guide.display}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
