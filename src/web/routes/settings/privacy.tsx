import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { PrivacySettingsForm } from '../../settings/PrivacySettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('privacySettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('PrivacySettingsResource')];
}

/** /settings/privacy: private profile, search-engine indexing, personalization, analytics and marketing. */
export default function PrivacySettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.privacy')} intro={t('privacySettings.intro')}>
      <PrivacySettingsForm />
    </SettingsLayout>
  );
}
