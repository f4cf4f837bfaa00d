import { useTranslation } from '../../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../../router/types.ts';
import { InteractionSettingsForm } from '../../../settings/InteractionSettingsForm.tsx';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('mentionsSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('InteractionSettingsResource')];
}

/** /settings/edit/mentions: who may @mention the member, and whether mentions notify them. */
export default function MentionsSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.mentions')} intro={t('mentionsSettings.intro')}>
      <InteractionSettingsForm page="mentions" />
    </SettingsLayout>
  );
}
