import type { PinDensity } from '../../shared/profile-view.ts';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { PinGrid } from '../pins/PinGrid.tsx';
import { ChoiceSelect } from '../ui/ChoiceSelect.tsx';
import { createdPinsRequest } from './tabs.ts';
import { useProfileView } from './useProfileView.ts';
import styles from './profile.module.css';
import type { ProfileJson } from '../../shared/contracts/social.ts';

/** The pins tab: the pins the profile created, in the grid at the viewer's profile pin density. */
export function PinsTab({ profile }: { profile: ProfileJson }) {
  const { t } = useTranslation();
  const [view, update] = useProfileView();
  const feed = useFeed(createdPinsRequest(profile.username));
  const name = profile.first_name || profile.username;
  const densities = [
    { value: 'default', label: t('grid.densityDefault') },
    { value: 'compact', label: t('grid.densityCompact') },
  ] as const;
  if (feed.status === 'ready' && feed.items.length === 0) {
    return <p className={styles.empty}>{profile.is_me ? t('profile.noPinsMine') : t('profile.noPins', { name })}</p>;
  }
  return (
    <>
      <div className={styles.options}>
        <ChoiceSelect<PinDensity>
          label={t('grid.density')}
          value={view.profilePinDensity}
          choices={densities}
          onChange={(density) => {
            update((current) => ({ ...current, profilePinDensity: density }));
          }}
        />
      </div>
      <PinGrid feed={feed} label={t('profile.pinsLabel', { name })} density={view.profilePinDensity} />
    </>
  );
}
