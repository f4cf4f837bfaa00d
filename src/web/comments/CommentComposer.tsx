import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { COMMENT_MAX_LENGTH } from '../../shared/comments.ts';
import styles from './Comments.module.css';

/**
 * A comment or reply box: plain text with @mentions (resolved to members by the server), sent
 * with the button or Ctrl/Cmd+Enter; what failed stays in the box with the server's message.
 */
export function CommentComposer({
  label,
  initial = '',
  onSend,
  onCancel,
}: {
  label: string;
  initial?: string;
  onSend: (text: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const id = useId();
  const [text, setText] = useState(initial);
  const [sending, setSending] = useState(false);
  const submit = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (text.trim() === '' || sending) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch (error) {
      showToast(error instanceof Error && error.message ? error.message : t('comments.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className={styles.field}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={label}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <div className={styles.actions}>
        {onCancel && (
          <button type="button" className={styles.action} onClick={onCancel}>
            {t('comments.cancel')}
          </button>
        )}
        <button type="submit" className={styles.send} disabled={sending || text.trim() === ''}>
          {t('comments.send')}
        </button>
      </div>
    </form>
  );
}
