import { useTranslation } from '../../i18n/translate.tsx';
import { AuthCard } from '../../auth/AuthCard.tsx';
import { ForgotPasswordForm } from '../../auth/ForgotPasswordForm.tsx';
import { NewPasswordForm } from '../../auth/NewPasswordForm.tsx';
import type { HeadContext, PageHead, PageProps } from '../../router/types.ts';

export function head({ t }: HeadContext): PageHead {
  return { title: t('passwordReset.pageTitle'), canonicalPath: null, noindex: true };
}

/** /password/reset: ask for a link; /password/reset/?token=: the mailed link, to set a new password. */
export default function PasswordResetPage({ search }: PageProps) {
  const { t } = useTranslation();
  const token = new URLSearchParams(search).get('token');
  if (token) {
    return (
      <AuthCard title={t('passwordReset.newHeading')} subtitle={t('passwordReset.newIntro')}>
        <NewPasswordForm token={token} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('passwordReset.heading')} subtitle={t('passwordReset.intro')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
