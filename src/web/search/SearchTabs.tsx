import type { SearchScope } from '../../shared/constants.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { SEARCH_TABS, tabPath } from './search-url.ts';
import styles from './search.module.css';

const TAB_LABELS: Record<(typeof SEARCH_TABS)[number], string> = {
  pins: 'search.tabPins',
  buyable_pins: 'search.tabProducts',
  videos: 'search.tabVideos',
  boards: 'search.tabBoards',
  users: 'search.tabPeople',
};

/** Pins, products, videos, boards, people: the same query in each; the current one marked (none for the viewer's own pins). */
export function SearchTabs({ scope, query }: { scope: SearchScope; query: string }) {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('search.tabsLabel')}>
      {SEARCH_TABS.map((tab) => (
        <a key={tab} href={tabPath(tab, query)} className={styles.tab} aria-current={tab === scope ? 'page' : undefined}>
          {t(TAB_LABELS[tab])}
        </a>
      ))}
    </nav>
  );
}
