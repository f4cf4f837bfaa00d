import { useEffect, useMemo, useState } from 'react';
import type { AccountExportSummary } from '../../shared/contracts/account-security.ts';
import { htmlLang } from '../../shared/locale.ts';
import { latestExport, requestExport } from '../api/account-security.ts';
import { useApp } from '../app/context.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { settingsError } from './errors.ts';
import settings from './settings.module.css';
import styles from './account-security.module.css';

/** While an export is being built the page asks again every few seconds, so "ready" shows without a reload. */
const POLL_MS = 3000;

function useLatestExport() {
  const { t } = useTranslation();
  const [latest, setLatest] = useState<AccountExportSummary | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const pending = latest?.status === 'pending';
  useEffect(() => {
    let current = true;
    const read = () => {
      latestExport().then(
        (found) => {
          if (current) setLatest(found);
        },
        (failure: unknown) => {
          if (current) setError(settingsError(t, failure));
        },
      );
    };
    if (latest === undefined) read();
    const timer = pending ? window.setInterval(read, POLL_MS) : undefined;
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [pending, latest, t]);
  return { latest, setLatest, error, setError };
}

function ExportStatus({ latest }: { latest: AccountExportSummary }) {
  const { t } = useTranslation();
  const { bootstrap } = useApp();
  const format = useMemo(() => new Intl.DateTimeFormat(htmlLang(bootstrap.locale), { dateStyle: 'medium', timeStyle: 'short' }), [bootstrap.locale]);
  const when = (iso: string | null) => (iso ? format.format(new Date(iso)) : '');
  if (latest.status === 'pending') return <p className={styles.name}>{t('downloadData.pending', { date: when(latest.requested_at) })}</p>;
  if (latest.status === 'failed') return <p className={settings.alert}>{t('downloadData.failed')}</p>;
  if (latest.downloaded) return <p className={styles.meta}>{t('downloadData.used', { date: when(latest.ready_at) })}</p>;
  return <p className={styles.name}>{t('downloadData.ready', { date: when(latest.expires_at) })}</p>;
}

/** Ask for a copy of one's data; a job builds it and mails a one-time link. */
export function DownloadData() {
  const { t } = useTranslation();
  const { latest, setLatest, error, setError } = useLatestExport();
  const [busy, setBusy] = useState(false);

  const onRequest = async () => {
    setBusy(true);
    setError(null);
    try {
      setLatest(await requestExport());
    } catch (failure) {
      setError(settingsError(t, failure));
    } finally {
      setBusy(false);
    }
  };

  if (latest === undefined && !error) return <Spinner label={t('overlay.loading')} size={32} />;
  // A ready copy not yet fetched has its link in the mail; asking again waits until it is used or expired.
  const canAsk = !latest || latest.status === 'failed' || latest.downloaded;
  return (
    <div className={styles.panel}>
      <ul className={styles.meta}>
        <li>{t('downloadData.holdsJson')}</li>
        <li>{t('downloadData.holdsMedia')}</li>
      </ul>
      <div role="status">{latest && <ExportStatus latest={latest} />}</div>
      {error && (
        <p role="alert" className={settings.alert}>
          {error}
        </p>
      )}
      {canAsk && (
        <div className={settings.actions}>
          <button type="button" className={settings.primary} disabled={busy} onClick={() => void onRequest()}>
            {t('downloadData.request')}
          </button>
        </div>
      )}
    </div>
  );
}
