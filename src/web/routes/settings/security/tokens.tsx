import { useTranslation } from '../../../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../../../router/types.ts';
import { AccessTokens } from '../../../settings/AccessTokens.tsx';
import { SettingsLayout } from '../../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('tokens.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/security/tokens: personal access tokens for scripts and the public API. */
export default function AccessTokensPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.accessTokens')} intro={t('tokens.intro')}>
      <AccessTokens />
    </SettingsLayout>
  );
}
