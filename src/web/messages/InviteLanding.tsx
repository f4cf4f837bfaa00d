import { useEffect, useRef, useState } from 'react';
import type { InviteMetadata } from '../../shared/messages/invite-landing.ts';
import { inviteLanding } from '../../shared/messages/invite-landing.ts';
import { useApp, useViewer } from '../app/context.ts';
import { screenSizeClass } from '../../shared/screen.ts';
import { getResource } from '../api/resources.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from './InviteLanding.module.css';

const CODE = /^[A-Za-z0-9_-]{8,32}$/;

/** The invite code of the link the reader came by, if it has one that can be one. */
function inviteCodeInUrl(): string | null {
  const code = new URL(window.location.href).searchParams.get('invite_code');
  return code && CODE.test(code) ? code : null;
}

/**
 * Invite landing (business spec sections 3 and 4): a link with `invite_code` names who invited the
 * reader, by the shared rules: a popover for a signed-out desktop visitor (not for some channels),
 * a toast for a member the inviter may message; a failed or empty lookup shows nothing.
 */
export function InviteLanding() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { bootstrap } = useApp();
  const { showToast } = useToast();
  const [popover, setPopover] = useState<NonNullable<InviteMetadata['sender']> | null>(null);
  // The lookup runs once per landing; what it decides with is read when its answer is in.
  const now = useRef({ viewer, isMobile: bootstrap.isMobile, showToast, t });
  useEffect(() => {
    now.current = { viewer, isMobile: bootstrap.isMobile, showToast, t };
  });

  useEffect(() => {
    const code = inviteCodeInUrl();
    if (!code) return;
    const signedIn = now.current.viewer !== null;
    const messagingOn = signedIn
      ? getResource('MessageSettingsResource', {}).then(
          (settings) => settings.allow_from !== 'nobody',
          () => false,
        )
      : Promise.resolve(false);
    Promise.all([getResource('InviteCodeMetadataResource', { invite_code: code }), messagingOn]).then(
      ([metadata, on]) => {
        const { viewer: reader, isMobile, showToast: toast, t: translate } = now.current;
        if (!metadata.sender) return;
        const desktop = screenSizeClass(window.innerWidth) !== 'sm';
        const landing = inviteLanding(
          reader ? { signedIn: true, userId: reader.id, messagingOn: on, desktop, mobile: isMobile } : { signedIn: false, desktop },
          metadata,
        );
        if (landing === 'popover') setPopover(metadata.sender);
        if (landing === 'toast') toast(translate('invite.toast', { name: metadata.sender.first_name || metadata.sender.full_name }));
      },
      // A failed lookup shows nothing (business spec section 4).
      () => undefined,
    );
  }, []);

  if (!popover) return null;
  const name = popover.first_name || popover.full_name;
  const avatar = {
    full_name: popover.full_name,
    username: popover.first_name,
    image_small_url: null,
    image_medium_url: popover.image_medium_url,
    image_large_url: null,
  };
  return (
    <aside className={styles.popover} aria-labelledby="invite-title" data-testid="invite-popover">
      <Avatar user={avatar} size={48} />
      <div className={styles.text}>
        <h2 id="invite-title" className={styles.title}>
          {t('invite.title', { name })}
        </h2>
        <p className={styles.body}>{t('invite.body')}</p>
        <a className={styles.signUp} href="/signup">
          {t('header.signUp')}
        </a>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('invite.close')}
        onClick={() => {
          setPopover(null);
        }}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="m13.4 12 6.3-6.3-1.4-1.4-6.3 6.3-6.3-6.3-1.4 1.4 6.3 6.3-6.3 6.3 1.4 1.4 6.3-6.3 6.3 6.3 1.4-1.4z" fill="currentColor" />
        </svg>
      </button>
    </aside>
  );
}
