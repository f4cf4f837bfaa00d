import { lazy, Suspense, useEffect, useState } from 'react';
import { getResource } from '../api/resources.ts';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useLive } from '../live/LiveProvider.tsx';
import styles from './NewsHub.module.css';

// The list loads with its texts when the bell is first opened, so the header stays light.
const NewsHubPanel = lazy(withPageTexts(() => import('./NewsHubPanel.tsx').then((m) => ({ default: m.NewsHubPanel }))));

/**
 * The header's bell (the news hub badge of viewer spec section 7): the unseen count, read on
 * page load and again when the panel opens, and live from `notifications.unseen` entries; opening the panel lists the notifications and marks
 * them seen. A native popover: Escape and outside clicks close it, focus returns to the bell.
 */
export function NewsHubBell() {
  const { t } = useTranslation();
  const [unseen, setUnseen] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    getResource('NewsHubBadgeResource', {}).then(
      (badge) => {
        if (live) setUnseen(badge.news_hub_unseen_count);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open]);
  // The server sends the whole count with each change, so an entry seen twice changes nothing.
  useLive('notifications.unseen', (data) => {
    setUnseen(data.unseen_count);
  });

  const label = unseen > 0 ? t('newsHub.bellUnseen', { count: unseen }) : t('newsHub.bell');
  return (
    <div className={styles.bellBox}>
      <button type="button" className={styles.bell} popoverTarget="news-hub" aria-label={label} data-testid="news-hub-bell">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
            fill="currentColor"
          />
        </svg>
        {unseen > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="news-hub-badge">
            {unseen > 99 ? '99+' : unseen}
          </span>
        )}
      </button>
      <div
        id="news-hub"
        popover="auto"
        className={styles.panel}
        aria-label={t('newsHub.bell')}
        role="dialog"
        onToggle={(e) => {
          setOpen(e.newState === 'open');
        }}
      >
        {open && (
          <Suspense fallback={null}>
            <NewsHubPanel onSeen={setUnseen} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
