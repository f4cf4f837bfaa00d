import type { ReactNode } from 'react';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import type { HeadContext, PageHead, PageProps } from '../router/types.ts';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { BoardsTab } from './BoardsTab.tsx';
import { PinsTab } from './PinsTab.tsx';
import { StoryPinsTab } from './StoryPinsTab.tsx';
import { TriedTab } from './TriedTab.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { PrivateNotice } from './PrivateProfile.tsx';
import { showsOnlyHeader } from './private-profile.ts';
import { profileRequest, PROFILE_TABS, tabPath, type ProfileTab } from './tabs.ts';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

const TAB_LABELS: Record<ProfileTab, string> = {
  boards: 'profile.tabBoards',
  pins: 'profile.tabPins',
  tried: 'profile.tabTried',
  story_pins: 'profile.tabStoryPins',
  archived: 'profile.tabArchived',
};

/** The head of a profile tab: the person's name; the owner-only archived tab is not indexed. */
export function profileHead(tab: ProfileTab) {
  return (context: HeadContext): PageHead => {
    const profile = context.data(profileRequest(context.params['username'] ?? '')) as ProfileJson | undefined;
    if (!profile) return unloadedHead(context);
    const title = context.t('profile.pageTitle', { name: profile.full_name || profile.username, username: profile.username, tab: context.t(TAB_LABELS[tab]) });
    const picture = profile.image_large_url;
    const name = profile.full_name || profile.username;
    const preview = {
      description: profile.about.trim() || title,
      type: 'profile' as const,
      image: picture ? { url: picture, alt: name } : undefined,
    };
    return { title, canonicalPath: tabPath(profile.username, tab), noindex: tab === 'archived', member: profile.username, preview };
  };
}

function ProfileTabs({ profile, tab }: { profile: ProfileJson; tab: ProfileTab }) {
  const { t } = useTranslation();
  const shown = PROFILE_TABS.filter((each) => each !== 'archived' || profile.is_me);
  return (
    <nav className={styles.tabs} aria-label={t('profile.tabsLabel')}>
      {shown.map((each) => (
        <a key={each} href={tabPath(profile.username, each)} className={styles.tab} aria-current={each === tab ? 'page' : undefined}>
          {t(TAB_LABELS[each])}
        </a>
      ))}
    </nav>
  );
}

function TabContent({ profile, tab }: { profile: ProfileJson; tab: ProfileTab }): ReactNode {
  const { t } = useTranslation();
  const name = profile.first_name || profile.username;
  if (profile.blocked_by_me) return <p className={styles.empty}>{t('profile.blockedNotice', { name })}</p>;
  switch (tab) {
    case 'boards':
      return <BoardsTab profile={profile} archived={false} />;
    case 'archived':
      return <BoardsTab profile={profile} archived />;
    case 'pins':
      return <PinsTab profile={profile} />;
    case 'tried':
      return <TriedTab profile={profile} />;
    case 'story_pins':
      return <StoryPinsTab profile={profile} />;
  }
}

/** A profile page: header, tabs and the tab's content; a private profile shows others who are not approved its header only. */
export function ProfilePage({ params, tab }: PageProps & { tab: ProfileTab }) {
  const profile = useResource(profileRequest(params['username'] ?? ''));
  if (profile.status !== 'ready') return <PageStatus state={profile} />;
  // Archived boards are the owner's own business.
  if (tab === 'archived' && !profile.data.is_me) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <ProfileHeader profile={profile.data} />
      {showsOnlyHeader(profile.data) ? (
        <PrivateNotice profile={profile.data} />
      ) : (
        <>
          <ProfileTabs profile={profile.data} tab={tab} />
          <div className={styles.content}>
            <TabContent profile={profile.data} tab={tab} />
          </div>
        </>
      )}
    </div>
  );
}

/** The route module parts of one tab. */
export function profileRoute(tab: ProfileTab) {
  return {
    head: profileHead(tab),
    Page: (props: PageProps) => <ProfilePage {...props} tab={tab} />,
  };
}
