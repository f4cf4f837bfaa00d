import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { NotificationSettingsForm } from '../../settings/NotificationSettingsForm.tsx';
import { PushDevice } from '../../settings/PushDevice.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('notificationSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('NotificationSettingsResource')];
}

/** /settings/notifications: for each kind of news, in the app, by email, by push. */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.notifications')} intro={t('notificationSettings.intro')}>
      <PushDevice />
      <NotificationSettingsForm />
    </SettingsLayout>
  );
}
