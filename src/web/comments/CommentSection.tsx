import { useId } from 'react';
import { useViewer } from '../app/context.ts';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useRouter } from '../router/Router.tsx';
import { loginPathFor } from '../../shared/next-location.ts';
import { commentCalls, commentsRequest, uniqueComments } from './comment-api.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import styles from './Comments.module.css';

export { commentsRequest };

/**
 * The closeup's comments: the first page comes with the page (server-rendered for visitors and
 * search engines), more by bookmark; members write when the pin takes comments.
 */
export function CommentSection({ pinId, commentsDisabled }: { pinId: string; commentsDisabled: boolean }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  const headingId = useId();
  const comments = useFeed(commentsRequest(pinId));
  if (comments.status === 'error') return null;
  const canWrite = !commentsDisabled;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('comments.heading')}
      </h2>
      {commentsDisabled && <p>{t('comments.off')}</p>}
      {canWrite &&
        (viewer ? (
          <CommentComposer label={t('comments.addLabel')} onSend={(text) => commentCalls.write(pinId, text).then(() => comments.refresh())} />
        ) : (
          <a href={loginPathFor(view.location.pathname)}>{t('comments.logInToComment')}</a>
        ))}
      {comments.status === 'ready' && comments.items.length === 0 && !commentsDisabled && <p>{t('comments.none')}</p>}
      <ul className={styles.list}>
        {uniqueComments(comments.items).map((comment) => (
          <CommentItem key={comment.id} comment={comment} pinId={pinId} canReply={canWrite} onChanged={comments.refresh} />
        ))}
      </ul>
      {!comments.atEnd && comments.status === 'ready' && (
        <button type="button" className={styles.action} onClick={comments.loadMore}>
          {t('comments.more')}
        </button>
      )}
    </section>
  );
}
