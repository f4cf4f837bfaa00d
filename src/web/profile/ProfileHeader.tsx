import { SETTINGS_PATHS } from '../../shared/settings.ts';
import { useViewer } from '../app/context.ts';
import { useResourceStore } from '../data/resources.tsx';
import { FollowUserButton } from '../follow/FollowButton.tsx';
import { useBlockUser } from '../follow/useFollow.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { MoreMenu } from '../ui/MoreMenu.tsx';
import { useDialog } from '../ui/useDialog.ts';
import { BlockDialog } from './BlockDialog.tsx';
import { ReportDialog } from '../moderation/ReportDialog.tsx';
import { RequestFollowButton } from './PrivateProfile.tsx';
import { showsOnlyHeader } from './private-profile.ts';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

/** The host of a profile's website, which is what the header shows of it. */
function websiteHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** Block and unblock; the profile's boards and pins are read again once that changes what may be seen. */
export function useProfileBlock(profile: ProfileJson) {
  const block = useBlockUser();
  const store = useResourceStore();
  return async (blocked: boolean) => {
    const done = await block(profile, blocked);
    if (done)
      store.invalidate((request) => ['BoardsFeedResource', 'UserPinsResource'].includes(request.name) && request.options['username'] === profile.username);
    return done;
  };
}

/** Picture, name, username, about, website, follower and following counts, follow and the block menu. */
export function ProfileHeader({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const setBlocked = useProfileBlock(profile);
  const confirming = useDialog();
  const reporting = useDialog();
  const name = profile.full_name || profile.username;
  const canAct = viewer !== null && !profile.is_me;
  return (
    <header className={styles.header}>
      <Avatar user={profile} size={120} />
      <h1 className={styles.name}>{name}</h1>
      <p className={styles.username}>{`@${profile.username}`}</p>
      {(profile.website_url || profile.about) && (
        <p className={styles.about}>
          {profile.website_url && (
            <a href={profile.website_url} className={styles.website} target="_blank" rel="noopener noreferrer nofollow ugc me">
              {websiteHost(profile.website_url)}
            </a>
          )}
          {profile.website_url && profile.about && ' · '}
          {profile.about}
        </p>
      )}
      <p className={styles.counts}>
        {t('profile.followerCount', { count: profile.follower_count })} · {t('profile.followingCount', { count: profile.following_count })}
      </p>
      <div className={styles.actions}>
        {profile.blocked_by_me ? (
          <button type="button" className={styles.secondary} onClick={() => void setBlocked(false)}>
            {t('profile.unblock')}
          </button>
        ) : (
          <>
            {profile.is_me && (
              <a href={SETTINGS_PATHS.profile} className={styles.secondary}>
                {t('profile.edit')}
              </a>
            )}
            {canAct && showsOnlyHeader(profile) ? <RequestFollowButton profile={profile} /> : <FollowUserButton user={profile} />}
            {canAct && (
              <MoreMenu
                label={t('profile.moreOptions')}
                align="center"
                items={[
                  {
                    label: t('profile.block'),
                    onSelect: () => {
                      confirming.open(true);
                    },
                  },
                  {
                    label: t('profile.report'),
                    onSelect: () => {
                      reporting.open(true);
                    },
                  },
                ]}
              />
            )}
          </>
        )}
      </div>
      {reporting.shown && <ReportDialog key={reporting.shown.key} target={{ id: profile.id, type: 'member' }} onClose={reporting.shown.onClose} />}
      {confirming.shown && <BlockDialog key={confirming.shown.key} name={name} onConfirm={() => setBlocked(true)} onClose={confirming.shown.onClose} />}
    </header>
  );
}
