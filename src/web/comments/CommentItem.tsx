import { lazy, Suspense, useState } from 'react';
import { useApp, useViewer } from '../app/context.ts';
import { useFeed } from '../data/resources.tsx';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { useDialog } from '../ui/useDialog.ts';
import { COMMENT_LIKE } from '../../shared/comments.ts';
import { commentCalls, commentsRequest, uniqueComments, type CommentJson } from './comment-api.ts';
import { CommentComposer } from './CommentComposer.tsx';
import styles from './Comments.module.css';

const ReportDialog = lazy(withPageTexts(() => import('../moderation/ReportDialog.tsx').then((m) => ({ default: m.ReportDialog }))));

type Props = { comment: CommentJson; pinId: string; canReply: boolean; onChanged: () => Promise<void> };

/** The replies under a top comment, oldest first, loaded when asked for and paged by bookmark. */
function Replies({ comment, pinId, canReply, onChanged }: Props) {
  const { t } = useTranslation();
  const replies = useFeed(commentsRequest(pinId, comment.id, comment.did_it_id));
  const changed = async () => {
    await Promise.all([replies.refresh(), onChanged()]);
  };
  return (
    <>
      <ul className={styles.replies} aria-label={t('comments.replies')}>
        {uniqueComments(replies.items).map((reply) => (
          <CommentItem key={reply.id} comment={reply} pinId={pinId} canReply={false} onChanged={changed} />
        ))}
      </ul>
      {!replies.atEnd && replies.status === 'ready' && (
        <button type="button" className={styles.action} onClick={replies.loadMore}>
          {t('comments.moreReplies')}
        </button>
      )}
      {canReply && (
        <CommentComposer
          label={t('comments.replyLabel', { name: comment.user.full_name || comment.user.username })}
          onSend={(text) => commentCalls.write(pinId, text, comment.id, comment.did_it_id).then(changed)}
        />
      )}
    </>
  );
}

/**
 * One comment: its author, its text as plain text (never HTML; a link in it stays inert text),
 * and what the reader may do: like, mark helpful, reply, translate, and, for the right people,
 * edit, delete, highlight and hide.
 */
export function CommentItem({ comment, pinId, canReply, onChanged }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { bootstrap } = useApp();
  const { showToast } = useToast();
  const [showReplies, setShowReplies] = useState(false);
  const [editing, setEditing] = useState(false);
  const [translated, setTranslated] = useState<string | null>(null);
  const reporting = useDialog();
  const run = (call: () => Promise<unknown>) => () => {
    void call()
      .then(onChanged)
      .catch((error: unknown) => {
        showToast(error instanceof Error && error.message ? error.message : t('comments.failed'));
      });
  };
  const liked = comment.reaction_by_me === COMMENT_LIKE;
  const likes = comment.reaction_counts[String(COMMENT_LIKE)] ?? 0;
  const name = comment.user.full_name || comment.user.username;
  return (
    <li className={comment.highlighted_by_pin_owner ? `${styles.comment} ${styles.highlighted}` : styles.comment} data-comment-id={comment.id}>
      <a className={styles.author} href={comment.user.profile_url}>
        {name}
      </a>
      {comment.highlighted_by_pin_owner && <span className={styles.badge}>{t('comments.highlighted')}</span>}
      {editing ? (
        <CommentComposer
          label={t('comments.editLabel')}
          initial={comment.text}
          onCancel={() => {
            setEditing(false);
          }}
          onSend={async (text) => {
            await commentCalls.edit(comment.id, text);
            setEditing(false);
            await onChanged();
          }}
        />
      ) : (
        <p className={styles.text}>{comment.text}</p>
      )}
      {translated !== null && <p className={styles.translated}>{translated || t('comments.translateFailed')}</p>}
      <div className={styles.actions}>
        {viewer && (
          <>
            <button type="button" className={styles.action} aria-pressed={liked} onClick={run(() => commentCalls.like(comment.id, !liked))}>
              {t('comments.like', { count: likes })}
            </button>
            <button
              type="button"
              className={styles.action}
              aria-pressed={comment.marked_helpful_by_me}
              onClick={run(() => commentCalls.helpful(comment.id, !comment.marked_helpful_by_me))}
            >
              {t('comments.helpful', { count: comment.helpful_count })}
            </button>
          </>
        )}
        {comment.parent_id === null && (comment.comment_count > 0 || (canReply && viewer)) && (
          <button
            type="button"
            className={styles.action}
            aria-expanded={showReplies}
            onClick={() => {
              setShowReplies(!showReplies);
            }}
          >
            {comment.comment_count > 0 ? t('comments.viewReplies', { count: comment.comment_count }) : t('comments.reply')}
          </button>
        )}
        {bootstrap.canTranslate && translated === null && (
          <button type="button" className={styles.action} onClick={() => void commentCalls.translate(comment.id, bootstrap.locale).then(setTranslated)}>
            {t('comments.translate')}
          </button>
        )}
        {comment.can_edit && !editing && (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              setEditing(true);
            }}
          >
            {t('comments.edit')}
          </button>
        )}
        {comment.can_delete && (
          <button type="button" className={styles.action} onClick={run(() => commentCalls.remove(comment.id))}>
            {t('comments.delete')}
          </button>
        )}
        {comment.can_moderate && (
          <>
            <button
              type="button"
              className={styles.action}
              aria-pressed={comment.highlighted_by_pin_owner}
              onClick={run(() => commentCalls.highlight(comment.id, pinId, !comment.highlighted_by_pin_owner))}
            >
              {t('comments.highlight')}
            </button>
            <button type="button" className={styles.action} onClick={run(() => commentCalls.hide(pinId, comment.id))}>
              {t('comments.hide')}
            </button>
            {viewer && comment.user.id !== viewer.id && (
              <button type="button" className={styles.action} onClick={run(() => commentCalls.hideUser(pinId, comment.user.id))}>
                {t('comments.hideUser', { name })}
              </button>
            )}
          </>
        )}
        {viewer && comment.user.id !== viewer.id && (
          <button
            type="button"
            className={styles.action}
            aria-haspopup="dialog"
            onClick={() => {
              reporting.open(true);
            }}
          >
            {t('comments.flag')}
          </button>
        )}
      </div>
      {reporting.shown && (
        <Suspense fallback={null}>
          <ReportDialog key={reporting.shown.key} target={{ type: 'comment', id: comment.id, parentId: pinId }} onClose={reporting.shown.onClose} />
        </Suspense>
      )}
      {showReplies && comment.parent_id === null && <Replies comment={comment} pinId={pinId} canReply={canReply && viewer !== null} onChanged={onChanged} />}
    </li>
  );
}
