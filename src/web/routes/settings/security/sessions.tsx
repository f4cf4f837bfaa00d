import { useTranslation } from '../../../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../../../router/types.ts';
import { Sessions } from '../../../settings/Sessions.tsx';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('sessions.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/security/sessions: where the member is signed in, and signing out elsewhere. */
export default function SessionsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('sessions.title')} intro={t('sessions.intro')}>
      <Sessions />
    </SettingsLayout>
  );
}
