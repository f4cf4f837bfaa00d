import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { MessageSettingsForm } from '../../settings/MessageSettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('messagesSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('MessageSettingsResource')];
}

/** /settings/messages: who may message the member; with everyone, people they do not follow send contact requests. */
export default function MessagesSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.messages')} intro={t('messagesSettings.intro')}>
      <MessageSettingsForm />
    </SettingsLayout>
  );
}
