import { useCallback } from 'react';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ReasonLine } from './ReasonLine.tsx';
import { homeFeedRequest } from './requests.ts';
import { useHomeReturn } from './useHomeReturn.ts';
import styles from './HomeFeed.module.css';
import type { HomePinJson } from '../../shared/contracts/feeds.ts';

const reasonOf = (pin: HomePinJson) => <ReasonLine reason={pin.recommendation_reason} />;

/** Nothing to show: only a site without public pins gets here, so the next step is to make one. */
function EmptyFeed() {
  const { t } = useTranslation();
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>{t('homeFeed.emptyTitle')}</h2>
      <p className={styles.emptyBody}>{t('homeFeed.emptyBody')}</p>
      <a href="/pin-builder" className={styles.create}>
        {t('create.pin')}
      </a>
    </div>
  );
}

function FailedFeed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.empty} role="alert">
      <p className={styles.emptyBody}>{t('homeFeed.failed')}</p>
      <button type="button" className={styles.retry} onClick={retry}>
        {t('homeFeed.retry')}
      </button>
    </div>
  );
}

/**
 * The member's home feed in the masonry grid, endless, each tile with the reason it is there.
 * While the keep rule refreshes it, the old pins give way to a spinner rather than flashing by.
 */
export function HomeFeed({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { refreshing } = useHomeReturn(userId);
  const feed = useFeed(homeFeedRequest());
  const { refresh } = feed;
  const retry = useCallback(() => {
    void refresh();
  }, [refresh]);
  if (refreshing || feed.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label={t('route.loading')} />
      </div>
    );
  }
  if (feed.status === 'error') return <FailedFeed retry={retry} />;
  if (feed.items.length === 0) return <EmptyFeed />;
  return <PinGrid feed={feed} label={t('homeFeed.label')} footerOf={reasonOf} />;
}
