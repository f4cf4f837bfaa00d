import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { InteractionSettingsForm } from '../../settings/InteractionSettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('messagesSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('InteractionSettingsResource')];
}

/** /settings/messages: who may message the member, and whether others may send contact requests. */
export default function MessagesSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.messages')} intro={t('messagesSettings.intro')}>
      <InteractionSettingsForm page="messages" />
    </SettingsLayout>
  );
}
