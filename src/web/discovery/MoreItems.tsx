import { useEffect, useRef } from 'react';
import type { FeedState } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './discovery.module.css';

/**
 * The end of a list of cards that pages with bookmarks: the next page loads when this comes into
 * view, and the button does the same for a keyboard or a browser without IntersectionObserver.
 */
export function MoreItems({ feed }: { feed: FeedState<unknown> }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { loadMore, fetching, atEnd, status } = feed;
  const open = status === 'ready' && !atEnd;
  useEffect(() => {
    const element = ref.current;
    if (!element || !open || fetching || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [open, fetching, loadMore]);
  if (!open) return null;
  return (
    <div ref={ref} className={styles.more}>
      {fetching ? (
        <Spinner label={t('grid.loadingMore')} />
      ) : (
        <button type="button" className={styles.moreButton} onClick={loadMore}>
          {t('discovery.showMore')}
        </button>
      )}
    </div>
  );
}
