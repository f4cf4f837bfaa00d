import { useTranslation } from '../../../i18n/translate.tsx';
import { useViewer } from '../../../app/context.ts';
import type { HeadContext, PageHead } from '../../../router/types.ts';
import { PasswordForm } from '../../../settings/PasswordForm.tsx';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('password.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/edit/password: change the password (spec section 2, settings areas). */
export default function PasswordSettingsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  return (
    <SettingsLayout title={t('settings.password')} intro={t('password.intro')}>
      {viewer && <PasswordForm viewer={viewer} />}
    </SettingsLayout>
  );
}
