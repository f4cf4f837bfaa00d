import { lazy, Suspense, useState } from 'react';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useConversationsUnseen } from '../live/LiveProvider.tsx';
import styles from './Messages.module.css';

// The dropdown loads with its texts when first opened, so the header stays light.
const MessagesPanel = lazy(withPageTexts(() => import('./MessagesPanel.tsx').then((m) => ({ default: m.MessagesPanel }))));

/**
 * The header's conversations button (viewer spec sections 2 and 4): its badge counts conversations
 * with unread messages, live from the member's log; it opens the conversations dropdown, a native
 * popover (Escape and outside clicks close it, focus returns here).
 */
export function MessagesButton() {
  const { t } = useTranslation();
  const unseen = useConversationsUnseen();
  const [open, setOpen] = useState(false);
  const label = unseen > 0 ? t('messages.buttonUnseen', { count: unseen }) : t('messages.button');
  return (
    <div className={styles.buttonBox}>
      <button type="button" className={styles.button} popoverTarget="messages-dropdown" aria-label={label} data-testid="messages-button">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M12 2C6.5 2 2 6 2 11c0 2.6 1.2 4.9 3.2 6.6L4.5 22l4.2-2.3c1 .3 2.1.4 3.3.4 5.5 0 10-4 10-9s-4.5-9-10-9zm-5 10.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
            fill="currentColor"
          />
        </svg>
        {unseen > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="messages-badge">
            {unseen > 99 ? '99+' : unseen}
          </span>
        )}
      </button>
      <div
        id="messages-dropdown"
        popover="auto"
        className={styles.dropdown}
        aria-label={t('messages.button')}
        role="dialog"
        onToggle={(e) => {
          setOpen(e.newState === 'open');
        }}
      >
        {open && (
          <Suspense fallback={null}>
            <MessagesPanel />
          </Suspense>
        )}
      </div>
    </div>
  );
}
