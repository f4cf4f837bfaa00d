import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import styles from './MasonryGrid.module.css';

/** How far below the window the next page starts loading. */
const AHEAD = '1200px';

/**
 * The end of a paged list that is not a masonry grid (board cards): when it comes near the window
 * the next page is asked for. Its height is fixed, so the spinner appearing moves nothing.
 */
export function LoadMoreSentinel({ hasMore, fetching, loadMore }: { hasMore: boolean; fetching: boolean; loadMore: () => void }) {
  const { t } = useTranslation();
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || !hasMore || fetching) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [hasMore, fetching, loadMore]);
  if (!hasMore) return null;
  return (
    <div ref={marker} className={styles.more}>
      {fetching && <Spinner label={t('grid.loadingMore')} size={32} />}
    </div>
  );
}
