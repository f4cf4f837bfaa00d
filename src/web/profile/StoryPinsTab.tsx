import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { storyPinsRequest } from './tabs.ts';
import { useProfileView } from './useProfileView.ts';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

/** The profile's story pins tab: the stories the profile made, newest first, at the viewer's pin density. */
export function StoryPinsTab({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const [view] = useProfileView();
  const feed = useFeed(storyPinsRequest(profile.username));
  const name = profile.first_name || profile.username;
  if (feed.status === 'ready' && feed.items.length === 0) {
    return <p className={styles.empty}>{profile.is_me ? t('profile.noStoryPinsMine') : t('profile.noStoryPins', { name })}</p>;
  }
  return <PinGrid feed={feed} label={t('profile.storyPinsLabel', { name })} density={view.profilePinDensity} />;
}
