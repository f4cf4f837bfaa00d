import { useTranslation } from '../../../i18n/translate.tsx';
import type { HeadContext, PageHead, PageProps } from '../../../router/types.ts';
import { EmailChangeForm, EmailConfirmation } from '../../../settings/EmailChangeForm.tsx';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('emailSettings.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/edit/email: ask for a new email; with ?token= (the mailed link), confirm it. */
export default function EmailSettingsPage({ search }: PageProps) {
  const { t } = useTranslation();
  const token = new URLSearchParams(search).get('token');
  return (
    <SettingsLayout title={t('settings.area.email')} intro={t('emailSettings.intro')}>
      {token ? <EmailConfirmation token={token} /> : <EmailChangeForm />}
    </SettingsLayout>
  );
}
