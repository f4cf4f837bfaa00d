import { lazy, Suspense, useId, useState } from 'react';
import { callResource } from '../api/http.ts';
import { useViewer } from '../app/context.ts';
import { CommentSection } from '../comments/CommentSection.tsx';
import { withPageTexts } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/translate.tsx';
import { imageSource } from '../pins/images.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { errorMessage } from '../ui/form-messages.ts';
import { useDialog } from '../ui/useDialog.ts';
import type { DidItJson, DidItMarks } from '../../shared/contracts/did-its.ts';
import { LIKE, totalReactions } from '../../shared/reactions.ts';
import styles from './tried.module.css';

const ReportDialog = lazy(withPageTexts(() => import('../moderation/ReportDialog.tsx').then((m) => ({ default: m.ReportDialog }))));

type Props = {
  item: DidItJson;
  /** On a profile's Tried tab: the pin it is of, as a link. */
  showPin?: boolean;
  onEdit?: ((item: DidItJson) => void) | undefined;
  onDelete?: ((item: DidItJson) => void) | undefined;
};

/**
 * One tried-it: the photo, who tried it and their note (plain text), its likes and helpful marks,
 * its comment thread (opened on demand), the author's edit and delete, and others' report.
 */
export function DidItCard({ item, showPin = false, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { showToast } = useToast();
  const [marks, setMarks] = useState<DidItMarks | null>(null);
  const [busy, setBusy] = useState(false);
  const [threadOpen, setThreadOpen] = useState(false);
  const threadId = useId();
  const authorId = useId();
  const reporting = useDialog();
  const shown = marks ?? item;
  const mine = viewer?.id === item.user.id;
  const name = item.user.full_name || item.user.username;
  const photo = imageSource(item.images, '236x');
  const pinPicture = showPin ? imageSource(item.pin.images, '236x') : null;
  const likes = totalReactions(shown.reaction_counts);
  const liked = shown.reaction_by_me === LIKE;

  const send = async (call: () => Promise<DidItMarks>) => {
    setBusy(true);
    try {
      setMarks(await call());
    } catch (error) {
      showToast(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={styles.card}>
      {showPin && (
        <a className={styles.pinLink} href={`/pin/${item.pin.id}/`}>
          {pinPicture && <img src={pinPicture.src} width={pinPicture.width} height={pinPicture.height} alt="" loading="lazy" />}
          <span>{t('tried.onPin', { title: item.pin.title || t('tried.untitledPin') })}</span>
        </a>
      )}
      {photo ? (
        <img className={styles.photo} src={photo.src} width={photo.width} height={photo.height} alt={t('tried.photoAlt', { name })} loading="lazy" />
      ) : (
        item.media_status === 'processing' && <p className={styles.processing}>{t('tried.processing')}</p>
      )}
      <p className={styles.author}>
        <Avatar user={item.user} size={24} />
        <a id={authorId} href={item.user.profile_url}>
          {t('tried.by', { name })}
        </a>
      </p>
      {item.details && <p className={styles.note}>{item.details}</p>}
      <div className={styles.actions}>
        {viewer ? (
          <button
            type="button"
            className={styles.action}
            aria-pressed={liked}
            // Named by its visible word (as speech input expects), told whose tried-it by the author line.
            aria-describedby={authorId}
            disabled={busy}
            onClick={() => void send(() => callResource('DidItReactionResource', liked ? 'delete' : 'create', { id: item.id, reaction_type: LIKE }))}
          >
            {t('tried.like')}
          </button>
        ) : null}
        {likes > 0 && <span className={styles.count}>{t('tried.likes', { count: likes })}</span>}
        {viewer && !mine && (
          <button
            type="button"
            className={styles.action}
            aria-pressed={shown.marked_helpful_by_me}
            aria-label={t('tried.helpfulLabel', { name })}
            disabled={busy}
            onClick={() => void send(() => callResource('DidItHelpfulResource', shown.marked_helpful_by_me ? 'delete' : 'create', { id: item.id }))}
          >
            {t('tried.helpful')}
          </button>
        )}
        {shown.helpful_count > 0 && <span className={styles.count}>{t('tried.helpfulCount', { count: shown.helpful_count })}</span>}
        <button
          type="button"
          className={styles.action}
          aria-expanded={threadOpen}
          aria-controls={threadId}
          onClick={() => {
            setThreadOpen((open) => !open);
          }}
        >
          {t('tried.comments', { count: item.comment_count })}
        </button>
        {viewer && !mine && (
          <button
            type="button"
            className={styles.action}
            aria-haspopup="dialog"
            aria-label={t('tried.reportLabel', { name })}
            onClick={() => {
              reporting.open(true);
            }}
          >
            {t('tried.report')}
          </button>
        )}
        {mine && onEdit && (
          <button
            type="button"
            className={styles.action}
            aria-label={t('tried.editLabel')}
            onClick={() => {
              onEdit(item);
            }}
          >
            {t('tried.edit')}
          </button>
        )}
        {mine && onDelete && (
          <button
            type="button"
            className={styles.action}
            aria-label={t('tried.deleteLabel')}
            onClick={() => {
              onDelete(item);
            }}
          >
            {t('tried.delete')}
          </button>
        )}
      </div>
      <div id={threadId} hidden={!threadOpen}>
        {threadOpen && <CommentSection pinId={item.pin_id} commentsDisabled={false} didIt={{ id: item.id, label: t('tried.commentsLabel', { name }) }} />}
      </div>
      {reporting.shown && (
        <Suspense fallback={null}>
          <ReportDialog key={reporting.shown.key} target={{ type: 'tried_it', id: item.id, parentId: item.pin_id }} onClose={reporting.shown.onClose} />
        </Suspense>
      )}
    </li>
  );
}
