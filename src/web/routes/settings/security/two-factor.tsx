import { useTranslation } from '../../../i18n/translate.tsx';
import { useViewer } from '../../../app/context.ts';
import type { HeadContext, PageHead } from '../../../router/types.ts';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';
import { TwoFactor } from '../../../settings/TwoFactor.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('twoFactor.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/security/two-factor: turn two-factor authentication on or off. */
export default function TwoFactorSettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <SettingsLayout title={t('settings.twoFactor')} intro={t('twoFactor.intro')}>
      {viewer && <TwoFactor viewer={viewer} />}
    </SettingsLayout>
  );
}
