import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { FollowRequests, FOLLOW_REQUESTS_REQUEST } from '../../settings/FollowRequests.tsx';
import { PrivacySettingsForm } from '../../settings/PrivacySettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('privacySettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('PrivacySettingsResource'), FOLLOW_REQUESTS_REQUEST];
}

/** /settings/privacy: private profile and its follow requests, search-engine indexing, personalization, analytics and marketing. */
export default function PrivacySettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.privacy')} intro={t('privacySettings.intro')}>
      <PrivacySettingsForm />
      <FollowRequests />
    </SettingsLayout>
  );
}
