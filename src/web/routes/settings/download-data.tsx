import { useTranslation } from '../../i18n/translate.tsx';
import type { HeadContext, PageHead } from '../../router/types.ts';
import { DownloadData } from '../../settings/DownloadData.tsx';
import { SettingsLayout } from '../../settings/SettingsLayout.tsx';

export function head({ t }: HeadContext): PageHead {
  return { title: t('downloadData.pageTitle'), canonicalPath: null, noindex: true };
}

/** /settings/download-data: a ZIP of the member's data, built by a job and linked by mail. */
export default function DownloadDataPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('downloadData.title')} intro={t('downloadData.intro')}>
      <DownloadData />
    </SettingsLayout>
  );
}
