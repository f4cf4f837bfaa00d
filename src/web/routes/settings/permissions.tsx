import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { InteractionSettingsForm } from '../../settings/InteractionSettingsForm.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';
import { settingsRequest } from '../../settings/useSettingsArea.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('permissionsSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [settingsRequest('InteractionSettingsResource')];
}

/** /settings/permissions: who may mention the member, comment on their pins and message them. */
export default function PermissionsSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.permissions')} intro={t('permissionsSettings.intro')}>
      <InteractionSettingsForm page="permissions" />
    </SettingsLayout>
  );
}
