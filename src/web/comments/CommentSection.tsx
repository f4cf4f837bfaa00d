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

type Props = {
  pinId: string;
  commentsDisabled: boolean;
  /** A tried-it's thread instead of the pin's (decision 0048): its heading is one level lower. */
  didIt?: { id: string; label: string } | undefined;
};

/**
 * The closeup's comments, or a tried-it's: the first page comes with the page (server-rendered for
 * visitors and search engines), more by bookmark; members write when the pin takes comments.
 */
export function CommentSection({ pinId, commentsDisabled, didIt }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { view } = useRouter();
  const headingId = useId();
  const didItId = didIt?.id ?? null;
  const comments = useFeed(commentsRequest(pinId, undefined, didItId));
  const Heading = didIt ? 'h3' : 'h2';
  if (comments.status === 'error') return null;
  const canWrite = !commentsDisabled;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {didIt ? didIt.label : t('comments.heading')}
      </Heading>
      {commentsDisabled && <p>{t('comments.off')}</p>}
      {canWrite &&
        (viewer ? (
          <CommentComposer
            label={t('comments.addLabel')}
            onSend={(text) => commentCalls.write(pinId, text, undefined, didItId).then(() => comments.refresh())}
          />
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
