import { useRef, useState, type SyntheticEvent } from 'react';
import { MAX_REPORT_DETAIL, REPORT_REASONS, type ReportReason } from '../../shared/moderation.ts';
import type { ReportTarget } from '../../shared/contracts/moderation.ts';
import { callResource } from '../api/http.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import styles from './moderation.module.css';

/**
 * The report dialog (viewer spec section 4: shown with a target, dismissed back to none): the
 * reasons, an optional detail, then a thank-you once the report is filed.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [state, setState] = useState<'choosing' | 'sending' | 'sent'>('choosing');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason === null) {
      setError(t('report.chooseReason'));
      return;
    }
    setState('sending');
    setError(null);
    try {
      await callResource('ReportResource', 'create', { target, reason, detail: detail.trim() || undefined });
      setState('sent');
    } catch (failure) {
      setError(errorMessage(t, failure));
      setState('choosing');
    }
  };

  const title = t(`report.title.${target.type}`);
  if (state === 'sent') {
    return (
      <Dialog title={title} onClose={onClose} dialogRef={dialog} size="small">
        <p data-report-sent="">{t('report.thanks')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} data-autofocus="" onClick={() => dialog.current?.close()}>
            {t('report.done')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose} dialogRef={dialog}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.reasons}>
          <legend>{t('report.why')}</legend>
          {REPORT_REASONS.map((value, index) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                data-autofocus={index === 0 ? '' : undefined}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              {t(`report.reason.${value}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor="report-detail">{t('report.detail')}</label>
        <textarea
          id="report-detail"
          className={styles.textarea}
          maxLength={MAX_REPORT_DETAIL}
          value={detail}
          onChange={(e) => {
            setDetail(e.target.value);
          }}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => dialog.current?.close()}>
            {t('report.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={state === 'sending'}>
            {t('report.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
