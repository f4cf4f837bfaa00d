import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { COMMENT_MAX_LENGTH, insertMention } from '../../shared/comments.ts';
import { useMentionTypeahead, type MentionOption } from './useMentionTypeahead.ts';
import styles from './Comments.module.css';

type Props = { label: string; initial?: string; onSend: (text: string) => Promise<unknown>; onCancel?: () => void };

/**
 * A comment or reply box: plain text with @mentions (people offered as one types @name, chosen
 * with the arrow keys and Enter or Tab, or a click; the server resolves them to members), sent
 * with the button or Ctrl/Cmd+Enter; what failed stays in the box with the server's message.
 */
export function CommentComposer({ label, initial = '', onSend, onCancel }: Props) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const id = useId();
  const listId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  // After a mention is chosen, the caret goes after it in the same paint, before the next key.
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    field.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [text]);
  const { query, options } = useMentionTypeahead(text, caret);
  const open = query !== null && options.length > 0;

  const choose = (option: MentionOption) => {
    if (!query) return;
    const next = insertMention(text, query.start, caret, option.username);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    placeCaret.current = next.caret;
  };
  const submit = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (text.trim() === '' || sending) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
      setCaret(0);
    } catch (error) {
      showToast(error instanceof Error && error.message ? error.message : t('comments.failed'));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (open && (event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const option = options[active] ?? options[0];
      if (option) choose(option);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
    else if (event.key === 'Escape' && onCancel) onCancel();
  };
  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        className={styles.field}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${String(active)}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => {
          setCaret(event.currentTarget.selectionStart);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className={styles.mentions} aria-label={t('comments.mentionPeople')} hidden={!open}>
        {open &&
          options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${String(index)}`}
              role="option"
              aria-selected={index === active}
              className={styles.mention}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              {option.label} <span className={styles.username}>@{option.username}</span>
            </li>
          ))}
      </ul>
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
