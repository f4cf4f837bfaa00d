import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { orderPickerBoards } from '../../shared/board-picker.ts';
import { useFeed } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { CreateBoardInline } from './CreateBoardInline.tsx';
import { PickerRow } from './PickerRow.tsx';
import type { BoardChoice } from './types.ts';
import styles from './BoardPicker.module.css';
import type { PickerBoardJson } from '../../shared/contracts/boards.ts';

type Props = {
  /** The pin being saved: boards already holding it are marked. */
  pinId?: string | undefined;
  title: string;
  onPick: (choice: BoardChoice) => void;
  onClose: () => void;
};

/** Waits for typing to pause before asking the server. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return settled;
}

/** Arrow keys move between the picker's options, up from the first back to the search; Home and End jump to the ends. */
function moveFocus(event: KeyboardEvent<HTMLElement>, search: HTMLInputElement | null): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-picker-option]')];
  if (options.length === 0) return;
  const at = options.indexOf(document.activeElement as HTMLElement);
  const last = options.length - 1;
  event.preventDefault();
  if (event.key === 'ArrowUp' && at <= 0) {
    search?.focus();
    return;
  }
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? Math.min(last, at + 1) : at - 1;
  options[next]?.focus();
}

/**
 * The board picker: a modal dialog listing the member's boards, the ones saved to most recently
 * first, narrowed as they type (at once over the boards loaded, then by the server for members
 * with more boards than a page), with each board's sections and a board made on the spot.
 */
export function BoardPicker({ pinId, title, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [complete, setComplete] = useState(false);
  const settled = useSettled(query.trim(), 250);
  // Members whose boards all fit the first page are filtered here alone; others ask the server.
  const serverQuery = complete ? '' : settled;
  const feed = useFeed({
    name: 'BoardPickerBoardsResource',
    options: { ...(pinId ? { pin_id: pinId } : {}), ...(serverQuery ? { query: serverQuery } : {}) },
  });
  const [shown, setShown] = useState<PickerBoardJson[]>([]);
  if (feed.status === 'ready' && feed.items !== shown) setShown(feed.items);
  if (!complete && serverQuery === '' && feed.atEnd) setComplete(true);
  const boards = orderPickerBoards(shown, query);
  const recent = boards.filter((b) => b.picker_section === 'recent');
  const rest = boards.filter((b) => b.picker_section !== 'recent');

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    search.current?.focus();
  }, []);

  const pick = (choice: BoardChoice) => {
    dialog.current?.close();
    onPick(choice);
  };

  // Enter takes the first match; the down arrow moves into the list.
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = boards[0];
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      pick({ board: first, section: null });
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      list.current?.querySelector<HTMLElement>('[data-picker-option]')?.focus();
    }
  };

  const group = (label: string, items: PickerBoardJson[]) =>
    items.length > 0 && (
      <section aria-label={label}>
        <h3 className={styles.group}>{label}</h3>
        <ul className={styles.rows}>
          {items.map((board) => (
            <PickerRow key={board.id} board={board} onPick={pick} />
          ))}
        </ul>
      </section>
    );

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {creating ? t('save.createBoard') : title}
        </h2>
        <button type="button" className={styles.close} aria-label={t('save.close')} onClick={() => dialog.current?.close()}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="m13.4 12 6.3-6.3-1.4-1.4-6.3 6.3-6.3-6.3-1.4 1.4 6.3 6.3-6.3 6.3 1.4 1.4 6.3-6.3 6.3 6.3 1.4-1.4z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {creating ? (
        <CreateBoardInline
          initialName={query.trim()}
          onCreated={(board) => {
            pick({ board, section: null });
          }}
          onCancel={() => {
            setCreating(false);
          }}
        />
      ) : (
        <>
          <label htmlFor={`${id}-search`} className="visually-hidden">
            {t('save.searchBoards')}
          </label>
          <input
            id={`${id}-search`}
            ref={search}
            className={styles.search}
            type="search"
            placeholder={t('save.searchBoards')}
            autoComplete="off"
            maxLength={100}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
            }}
            onKeyDown={onSearchKey}
          />
          <div
            ref={list}
            className={styles.list}
            onKeyDown={(e) => {
              moveFocus(e, search.current);
            }}
            aria-busy={feed.fetching}
          >
            {group(t('save.recentBoards'), recent)}
            {group(t('save.allBoards'), rest)}
            {feed.status !== 'loading' && boards.length === 0 && <p className={styles.empty}>{query.trim() ? t('save.noBoardsMatch') : t('save.noBoards')}</p>}
            {feed.status === 'loading' && shown.length === 0 && <p className={styles.empty}>{t('save.loadingBoards')}</p>}
            {feed.status === 'error' && (
              <p role="alert" className={styles.empty}>
                {feed.error?.message ?? t('save.failed')}
              </p>
            )}
            {feed.status === 'ready' && !feed.atEnd && (
              <button type="button" className={styles.more} disabled={feed.fetching} onClick={feed.loadMore}>
                {t('save.moreBoards')}
              </button>
            )}
          </div>
          <div className={styles.foot}>
            <button
              type="button"
              className={styles.create}
              onClick={() => {
                setCreating(true);
              }}
            >
              <span className={styles.plus} aria-hidden="true">
                +
              </span>
              {t('save.createBoard')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
