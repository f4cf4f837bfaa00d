import { useState, type SyntheticEvent } from 'react';
import type { ModerationNoticeJson } from '../../shared/contracts/moderation.ts';
import { MAX_APPEAL_TEXT } from '../../shared/moderation.ts';
import { callResource } from '../api/http.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { PageStatus } from '../ui/PageStatus.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from './moderation.module.css';

export function noticesRequest(): TypedRequest<'ModerationNoticesResource'> {
  return { name: 'ModerationNoticesResource', options: {} };
}

/** The member's moderation decisions: on what they reported, and about them (with the one appeal). */
export function Decisions() {
  const { t } = useTranslation();
  const notices = useResource(noticesRequest());
  if (notices.status !== 'ready') return <PageStatus state={notices} />;
  if (notices.data.length === 0) return <p>{t('decisions.none')}</p>;
  return (
    <ul className={styles.cases}>
      {notices.data.map((notice) => (
        <Decision key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}

function Decision({ notice }: { notice: ModerationNoticeJson }) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const { showToast } = useToast();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const what = t(`moderationAdmin.type.${notice.target.type}`);

  const appeal = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await callResource('ModerationAppealResource', 'create', { case_id: notice.case_id, text });
      await store.refresh(noticesRequest());
      showToast(t('decisions.appealSent'));
    } catch (failure) {
      showToast(errorMessage(t, failure));
    }
    setBusy(false);
  };

  return (
    <li className={styles.case} data-notice={notice.id}>
      <p className={styles.meta}>
        {new Date(notice.created_at).toLocaleString()} · {t(`decisions.role.${notice.role}`, { what })}
      </p>
      <p>{t(`decisions.action.${notice.action}`)}</p>
      <p>{t('decisions.reason', { reason: notice.reason })}</p>
      {notice.can_appeal && (
        <form className={styles.form} onSubmit={(e) => void appeal(e)}>
          <label htmlFor={`appeal-${notice.id}`}>{t('decisions.appealLabel')}</label>
          <textarea
            id={`appeal-${notice.id}`}
            className={styles.textarea}
            required
            maxLength={MAX_APPEAL_TEXT}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
            }}
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={busy || text.trim() === ''}>
              {t('decisions.appeal')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
