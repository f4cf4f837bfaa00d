import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../../router/types.ts';
import { DeleteAccount } from '../../settings/DeleteAccount.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('deleteAccount.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/delete-account: delete the account after a 14-day grace period, or keep it. */
export default function DeleteAccountPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('deleteAccount.title')} intro={t('deleteAccount.intro')}>
      <DeleteAccount />
    </SettingsLayout>
  );
}
