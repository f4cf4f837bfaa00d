import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../router/types.ts';
import { ParentalPasscode } from '../settings/ParentalPasscode.tsx';
import { SettingsLayout } from '../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('passcode.pageTitle'), canonicalPath: null, noindex: true };
}

/** /parental-passcode: the four digits that guard the password, the email and deleting the account. */
export default function ParentalPasscodePage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('passcode.title')} intro={t('passcode.intro')}>
      <ParentalPasscode />
    </SettingsLayout>
  );
}
