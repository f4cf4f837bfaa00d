import { useState, type SyntheticEvent } from 'react';
import type { ModerationCaseJson } from '../../shared/contracts/moderation.ts';
import { MAX_MODERATION_REASON, type ModerationActionName } from '../../shared/moderation.ts';
import { useTranslation } from '../i18n/translate.tsx';
import styles from '../moderation/moderation.module.css';

type Props = {
  item: ModerationCaseJson;
  viewerId: string | null;
  onAssign: (take: boolean) => Promise<void>;
  onAct: (action: ModerationActionName, reason: string) => Promise<boolean>;
};

/** One case of the queue: its target, reports grouped by reason, assignment and the decision form. */
export function CaseCard({ item, viewerId, onAssign, onAct }: Props) {
  const { t } = useTranslation();
  const [action, setAction] = useState<ModerationActionName>(item.actions[0] ?? 'dismiss');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const mine = item.assignee !== null && item.assignee.id === viewerId;
  const targetName = item.target.title ?? `${item.target.type} ${item.target.id}`;
  const formId = `case-${item.id}`;

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    if (await onAct(action, reason)) setReason('');
    setBusy(false);
  };

  return (
    <li className={styles.case} data-case={item.id} data-target={`${item.target.type}:${item.target.id}`}>
      <h3 className={styles.caseTitle}>
        {t(`moderationAdmin.type.${item.target.type}`)}: {item.target.url ? <a href={item.target.url}>{targetName}</a> : targetName}
      </h3>
      <p className={styles.meta}>
        {t('moderationAdmin.reportCount', { count: item.report_count })} · {t(`moderationAdmin.status.${item.status}`)}
        {item.subject && <> · {t('moderationAdmin.subject', { username: item.subject.username })}</>}
        {' · '}
        {item.assignee ? t('moderationAdmin.assignedTo', { username: item.assignee.username }) : t('moderationAdmin.unassigned')}
      </p>
      <ul className={styles.list} aria-label={t('moderationAdmin.reasons')}>
        {item.reasons.map((r) => (
          <li key={r.reason}>{`${t(`report.reason.${r.reason}`)}: ${String(r.count)}`}</li>
        ))}
      </ul>
      {item.reports.some((r) => r.detail !== '') && (
        <ul className={styles.list} aria-label={t('moderationAdmin.details')}>
          {item.reports
            .filter((r) => r.detail !== '')
            .map((r) => (
              <li key={`${r.reporter.id}-${r.created_at}`}>{`@${r.reporter.username}: ${r.detail}`}</li>
            ))}
        </ul>
      )}
      {item.appeal_text !== null && <p>{t('moderationAdmin.appeal', { text: item.appeal_text })}</p>}
      {item.status !== 'closed' && (
        <>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => void onAssign(!mine)}>
              {mine ? t('moderationAdmin.unassign') : t('moderationAdmin.assignToMe')}
            </button>
          </div>
          <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t('moderationAdmin.decide', { name: targetName })}>
            <label htmlFor={`${formId}-action`}>{t('moderationAdmin.action')}</label>
            <select
              id={`${formId}-action`}
              className={styles.select}
              value={action}
              onChange={(e) => {
                setAction(e.target.value as ModerationActionName);
              }}
            >
              {item.actions.map((a) => (
                <option key={a} value={a}>
                  {t(`moderationAdmin.actionName.${a}`)}
                </option>
              ))}
            </select>
            <label htmlFor={`${formId}-reason`}>{t('moderationAdmin.reason')}</label>
            <textarea
              id={`${formId}-reason`}
              className={styles.textarea}
              required
              maxLength={MAX_MODERATION_REASON}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
              }}
            />
            <div className={styles.actions}>
              <button type="submit" className={styles.primary} disabled={busy || reason.trim() === ''}>
                {t('moderationAdmin.apply')}
              </button>
            </div>
          </form>
        </>
      )}
    </li>
  );
}
