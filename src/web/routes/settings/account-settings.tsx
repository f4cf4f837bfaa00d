import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { AccountSettingsForm } from '../../settings/AccountSettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('accountSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('AccountSettingsResource')];
}

/** /settings/account-settings: username, email, country, language and gender. */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.account')} intro={t('accountSettings.intro')}>
      <AccountSettingsForm />
    </SettingsLayout>
  );
}
