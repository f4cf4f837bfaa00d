import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../../router/types.ts';
import { ClaimedWebsites, VERIFICATION_REQUEST, WEBSITES_REQUEST } from '../../settings/ClaimedWebsites.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('websitesSettings.pageTitle'), canonicalPath: null, noindex: true };
}

export function resources(): PageResource[] {
  return [VERIFICATION_REQUEST, WEBSITES_REQUEST];
}

/** /settings/claim: claim a website by the member's tag on it; the websites claimed. */
export default function ClaimedWebsitesPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.area.websites')} intro={t('websitesSettings.intro')}>
      <ClaimedWebsites />
    </SettingsLayout>
  );
}
