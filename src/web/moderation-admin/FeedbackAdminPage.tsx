import { useResource } from '../data/resources.tsx';
import { operatorRequest } from '../discovery/requests.ts';
import { useTranslation } from '../i18n/translate.tsx';
import type { HeadContext, PageHead, PageResource } from '../router/types.ts';
import { PageStatus, unloadedHead } from '../ui/PageStatus.tsx';
import styles from '../moderation/moderation.module.css';
import { feedbackRequest } from './requests.ts';

export function feedbackResources(): PageResource[] {
  return [{ ...operatorRequest(), required: true }, feedbackRequest()];
}

export function feedbackHead(context: HeadContext): PageHead {
  if (!context.data(operatorRequest())) return unloadedHead(context);
  return { title: context.t('feedbackAdmin.title'), canonicalPath: null, noindex: true };
}

/** /admin/feedback: what members and visitors sent from the feedback modal, newest first. */
export function FeedbackAdminPage() {
  const gate = useResource(operatorRequest());
  if (gate.status !== 'ready') return <PageStatus state={gate} />;
  return <FeedbackList />;
}

function FeedbackList() {
  const { t } = useTranslation();
  const list = useResource(feedbackRequest());
  return (
    <div className={styles.page} data-page="feedback-admin">
      <h1 className={styles.heading}>{t('feedbackAdmin.heading')}</h1>
      <p className={styles.intro}>{t('feedbackAdmin.intro')}</p>
      {list.status !== 'ready' ? (
        <PageStatus state={list} />
      ) : list.data.length === 0 ? (
        <p>{t('feedbackAdmin.empty')}</p>
      ) : (
        <ul className={styles.cases}>
          {list.data.map((item) => (
            <li key={item.id} className={styles.case}>
              <p className={styles.meta}>
                {new Date(item.created_at).toLocaleString()} · {item.user ? `@${item.user.username}` : t('feedbackAdmin.visitor')}
                {item.page && <> · {item.page}</>}
              </p>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
