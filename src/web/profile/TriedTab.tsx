import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { userDidItsRequest } from '../tried/requests.ts';
import { TriedList } from '../tried/TriedList.tsx';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

/** The profile's Tried tab: the member's tried-its on pins the viewer may see, newest first. */
export function TriedTab({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const feed = useFeed(userDidItsRequest(profile.username));
  const name = profile.first_name || profile.username;
  if (feed.status === 'ready' && feed.items.length === 0) {
    return <p className={styles.empty}>{profile.is_me ? t('profile.noTriedMine') : t('profile.noTried', { name })}</p>;
  }
  return <TriedList feed={feed} label={t('profile.triedLabel', { name })} showPins onChanged={feed.refresh} />;
}
