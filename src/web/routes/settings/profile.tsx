import { useTranslation } from '../../i18n/translate.tsx';
import { useViewer } from '../../app/context.ts';
import { useResource } from '../../data/resources.tsx';
import { profileRequest } from '../../profile/tabs.ts';
import type { HeadContext, PageHead } from '../../router/types.ts';
import { ProfileForm } from '../../settings/ProfileForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('profileEdit.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/profile: the viewer's photo, name, about text and website, as their profile shows them. */
export default function ProfileSettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const profile = useResource(viewer ? profileRequest(viewer.username) : null);
  return (
    <SettingsLayout title={t('settings.profile')} intro={t('profileEdit.intro')}>
      {profile.status === 'ready' ? (
        <ProfileForm key={profile.data.id} profile={profile.data} />
      ) : (
        profile.status === 'loading' && <Spinner label={t('overlay.loading')} />
      )}
      {profile.status === 'error' && <p role="alert">{profile.error.message}</p>}
    </SettingsLayout>
  );
}
