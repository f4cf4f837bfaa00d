import { useState } from 'react';
import type { ModerationActionName } from '../../shared/moderation.ts';
import { callResource } from '../api/http.ts';
import { useViewer } from '../app/context.ts';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { operatorRequest } from '../discovery/requests.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../router/types.ts';
import { errorMessage } from '../ui/form-messages.ts';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import { useToast } from '../ui/Toasts.tsx';
import styles from '../moderation/moderation.module.css';
import { CaseCard } from './CaseCard.tsx';
import { logRequest, queueRequest } from './requests.ts';

export function moderationResources(): PageResource[] {
  // Operators only: for anyone else the gate answers 404, and so does the page.
  return [{ ...operatorRequest(), required: true }, queueRequest('waiting'), logRequest()];
}

export function moderationHead(context: HeadContext): PageHead {
  if (!context.data(operatorRequest())) return unloadedHead(context);
  return { title: context.t('moderationAdmin.title'), canonicalPath: null, noindex: true };
}

/** /admin/moderation: the operators' queue (waiting or closed cases), decisions and the log. */
export function ModerationAdminPage() {
  const gate = useResource(operatorRequest());
  if (gate.status !== 'ready') return <PageStatus state={gate} />;
  return <Queue />;
}

function Queue() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [status, setStatus] = useState<'waiting' | 'closed'>('waiting');
  const cases = useResource(queueRequest(status));
  const store = useResourceStore();
  const { showToast } = useToast();

  const refresh = () => Promise.all([store.refresh(queueRequest(status)), store.refresh(logRequest())]);
  const run = async (call: () => Promise<unknown>, message: string) => {
    try {
      await call();
      await refresh();
      showToast(message);
      return true;
    } catch (failure) {
      showToast(errorMessage(t, failure));
      return false;
    }
  };
  const assign = async (caseId: string, take: boolean) => {
    await run(
      () => callResource('ModerationAssignResource', take ? 'create' : 'delete', { case_id: caseId }),
      t(take ? 'moderationAdmin.assigned' : 'moderationAdmin.released'),
    );
  };
  const act = (caseId: string, action: ModerationActionName, reason: string) =>
    run(() => callResource('ModerationActionResource', 'create', { case_id: caseId, action, reason }), t('moderationAdmin.decided'));

  return (
    <div className={styles.page} data-page="moderation-admin">
      <h1 className={styles.heading}>{t('moderationAdmin.heading')}</h1>
      <p className={styles.intro}>{t('moderationAdmin.intro')}</p>
      <div className={styles.actions} role="group" aria-label={t('moderationAdmin.show')}>
        {(['waiting', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? styles.primary : styles.secondary}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
            }}
          >
            {t(`moderationAdmin.filter.${s}`)}
          </button>
        ))}
      </div>
      <h2 className={styles.subheading}>{t('moderationAdmin.queue')}</h2>
      {cases.status !== 'ready' ? (
        <PageStatus state={cases} />
      ) : cases.data.length === 0 ? (
        <p>{t('moderationAdmin.empty')}</p>
      ) : (
        <ul className={styles.cases}>
          {cases.data.map((item) => (
            <CaseCard
              key={`${item.id}-${item.updated_at}`}
              item={item}
              viewerId={viewer?.id ?? null}
              onAssign={(take) => assign(item.id, take)}
              onAct={(action, reason) => act(item.id, action, reason)}
            />
          ))}
        </ul>
      )}
      <ActionLog />
    </div>
  );
}

function ActionLog() {
  const { t } = useTranslation();
  const log = useResource(logRequest());
  return (
    <>
      <h2 className={styles.subheading}>{t('moderationAdmin.log')}</h2>
      {log.status !== 'ready' ? (
        <PageStatus state={log} />
      ) : log.data.length === 0 ? (
        <p>{t('moderationAdmin.logEmpty')}</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={t('moderationAdmin.log')} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('moderationAdmin.when')}</th>
                <th scope="col">{t('moderationAdmin.who')}</th>
                <th scope="col">{t('moderationAdmin.action')}</th>
                <th scope="col">{t('moderationAdmin.target')}</th>
                <th scope="col">{t('moderationAdmin.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{new Date(entry.created_at).toLocaleString()}</td>
                  <td>{`@${entry.actor.username}`}</td>
                  <td>{t(`moderationAdmin.actionName.${entry.action}`)}</td>
                  <td>{`${t(`moderationAdmin.type.${entry.target.type}`)} ${entry.target.id}`}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
