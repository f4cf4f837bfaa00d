import { lazy, Suspense, useRef, useState } from 'react';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { SETTINGS_HOME, SETTINGS_PATHS } from '../../shared/settings.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { logOut } from '../api/auth.ts';
import { clearClientStorage } from './client-storage.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useLoadingOverlay } from '../ui/LoadingOverlay.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { useDialog } from '../ui/useDialog.ts';
import { OtherAccounts } from './OtherAccounts.tsx';
import styles from './AccountMenu.module.css';

// Loaded when opened, so the shell stays light.
const InvitationsDialog = lazy(withPageTexts(() => import('../board-edit/InvitationsDialog.tsx').then((m) => ({ default: m.InvitationsDialog }))));
const FeedbackModal = lazy(withPageTexts(() => import('../moderation/FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal }))));

function initialOf(viewer: Viewer): string {
  const name = viewer.first_name || viewer.full_name || viewer.username;
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** The account button and its menu (a native popover: Escape and outside clicks close it). */
export function AccountMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const { setLoading } = useLoadingOverlay();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const invitations = useDialog();
  const feedback = useDialog();
  const store = useResourceStore();
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The router keeps the page, so a followed link closes the menu itself.
  const closeMenu = () => menu.current?.hidePopover();

  const onLogout = async () => {
    setBusy(true);
    setLoading(true);
    try {
      await logOut();
      clearClientStorage();
      window.location.assign('/');
    } catch {
      setBusy(false);
      setLoading(false);
      showToast(t('error.default'));
    }
  };

  return (
    <div className={styles.account}>
      <button type="button" className={styles.trigger} popoverTarget="account-menu" aria-label={t('header.accountMenu')}>
        {viewer.image_medium_url ? (
          <img className={styles.avatar} src={viewer.image_medium_url} alt="" width={32} height={32} />
        ) : (
          <span className={styles.initial} aria-hidden="true">
            {initialOf(viewer)}
          </span>
        )}
      </button>
      <div
        id="account-menu"
        ref={menu}
        popover="auto"
        className={styles.menu}
        onToggle={(e) => {
          setOpen(e.newState === 'open');
        }}
      >
        <p className={styles.signedInAs}>{t('header.signedInAs')}</p>
        <p className={styles.name}>{viewer.full_name || viewer.username}</p>
        <p className={styles.email}>{viewer.email}</p>
        <nav className={styles.links} aria-label={t('settings.navigation')}>
          <a href={`/${encodeURIComponent(viewer.username)}/`} className={styles.link} onClick={closeMenu}>
            {t('create.profileLink')}
          </a>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              closeMenu();
              // Read fresh each time: invitations come and go while the page stays open.
              store.invalidate((r) => r.name === 'BoardInviteResource');
              invitations.open(true);
            }}
          >
            {t('collaborators.invitationsTitle')}
          </button>
          <a href={SETTINGS_HOME} className={styles.link} onClick={closeMenu}>
            {t('header.settings')}
          </a>
          <a href={SETTINGS_PATHS.password} className={styles.link} onClick={closeMenu}>
            {t('settings.password')}
          </a>
          <a href={SETTINGS_PATHS.accessTokens} className={styles.link} onClick={closeMenu}>
            {t('settings.accessTokens')}
          </a>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              closeMenu();
              feedback.open(true);
            }}
          >
            {t('header.giveFeedback')}
          </button>
        </nav>
        <OtherAccounts activeId={viewer.id} open={open} onNavigate={closeMenu} />
        <button type="button" className={styles.logout} disabled={busy} onClick={() => void onLogout()}>
          {t('header.logOut')}
        </button>
      </div>
      {invitations.shown && (
        <Suspense fallback={null}>
          <InvitationsDialog key={invitations.shown.key} username={viewer.username} onClose={invitations.shown.onClose} />
        </Suspense>
      )}
      {feedback.shown && (
        <Suspense fallback={null}>
          <FeedbackModal key={feedback.shown.key} onClose={feedback.shown.onClose} />
        </Suspense>
      )}
    </div>
  );
}
