import { useEffect, useEffectEvent, useId, useMemo, useState, type MouseEvent, type RefObject } from 'react';
import { callResource } from '../../api/http.ts';
import { readResource } from '../../api/resources.ts';
import { useViewer } from '../../app/context.ts';
import { useTranslation } from '../../i18n/translate.tsx';
import { useRouter } from '../../router/Router.tsx';
import { useToast } from '../../ui/Toasts.tsx';
import { ImageSearchEntry } from '../../visual/ImageSearchEntry.tsx';
import { cleanQuery, tabPath } from '../../search/search-url.ts';
import type { TypeaheadItem } from '../../../shared/contracts/search.ts';
import { createSuggestionSource, destinationOf, moveActive, termKey } from './suggestions.ts';
import styles from './typeahead.module.css';

type Shown = { term: string; items: TypeaheadItem[] };

async function fetchSuggestions(term: string): Promise<TypeaheadItem[]> {
  const { data } = await readResource('AdvancedTypeaheadResource', { term });
  return data.items;
}

/** Keeps the mouse from taking the focus out of the field, so the list stays open under it. */
const keepFocus = (event: MouseEvent) => {
  event.preventDefault();
};

/** The combobox attributes of the field (it was a plain search field until the typeahead loaded). */
function useComboboxField(inputRef: RefObject<HTMLInputElement | null>, listId: string, expanded: boolean, activeId: string | null) {
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', String(expanded));
    // Only a list that is there can be named.
    if (expanded) input.setAttribute('aria-controls', listId);
    else input.removeAttribute('aria-controls');
    if (expanded && activeId) input.setAttribute('aria-activedescendant', activeId);
    else input.removeAttribute('aria-activedescendant');
  }, [inputRef, listId, expanded, activeId]);
}

function ItemIcon({ item }: { item: TypeaheadItem }) {
  if (item.type === 'user') {
    return item.image_small_url ? (
      <img className={styles.avatar} src={item.image_small_url} alt="" width={32} height={32} />
    ) : (
      <span className={styles.initial} aria-hidden="true">
        {item.label.charAt(0).toUpperCase()}
      </span>
    );
  }
  const path =
    item.type === 'recent_query'
      ? 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 2a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm1 2v4.6l3.2 3.2-1.4 1.4-3.8-3.8V7z'
      : item.type === 'board'
        ? 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z'
        : 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z';
  return (
    <span className={styles.icon} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  );
}

/** What a suggestion is, under its label: a topic, whose board, whose profile. */
function ItemKind({ item }: { item: TypeaheadItem }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'recent_query':
      return <span className="visually-hidden">{t('typeahead.kindRecent')}</span>;
    case 'query':
      return null;
    case 'interest':
      return <span className={styles.kind}>{t('typeahead.kindTopic')}</span>;
    case 'board':
      return <span className={styles.kind}>{t('typeahead.kindBoard', { name: item.owner_username })}</span>;
    case 'user':
      return <span className={styles.kind}>@{item.username}</span>;
  }
}

/**
 * The header's search suggestions: a combobox on the header's own search field, loaded on its
 * first focus. While the member types: recent searches, queries, topics, boards and people for
 * the term; on an empty field, their recent searches with a remove button each and "clear all".
 * Arrow keys move through the list, Enter opens the active suggestion (or searches the words as
 * typed), Escape closes it; a choice navigates with the router.
 */
export function Typeahead({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { navigate, view } = useRouter();
  const { showToast } = useToast();
  const listId = useId();
  const headingId = useId();
  const [shown, setShown] = useState<Shown>({ term: '', items: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Whatever changed the page (a search with an image, a link, back) closes the list: it
  // belongs to the page it was opened on, and would cover the next one's results.
  const [openedOn, setOpenedOn] = useState(view.key);
  if (openedOn !== view.key) {
    setOpenedOn(view.key);
    setOpen(false);
    setActive(-1);
  }
  const source = useMemo(
    () =>
      createSuggestionSource(fetchSuggestions, (term, items) => {
        setShown({ term, items });
      }),
    [],
  );

  const items = shown.items;
  const expanded = open && items.length > 0;
  const optionId = (index: number) => `${listId}-${String(index)}`;
  const recentMode = shown.term === '';
  useComboboxField(inputRef, listId, expanded, active >= 0 ? optionId(active) : null);

  const ask = (typed: string) => {
    const term = termKey(typed);
    setOpen(true);
    setActive(-1);
    // A visitor has no recent searches: an empty field has nothing to offer them.
    if (term === '' && !viewer) {
      setShown({ term, items: [] });
      return;
    }
    const cached = source.ask(term);
    if (cached) setShown({ term, items: cached });
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (item: TypeaheadItem) => {
    const input = inputRef.current;
    if (input && (item.type === 'recent_query' || item.type === 'query')) input.value = item.query;
    close();
    navigate(destinationOf(item));
  };

  const forgetRecent = async (options: { term: string } | { clear_all: true }) => {
    const gone = (item: TypeaheadItem) => item.type === 'recent_query' && ('clear_all' in options || termKey(item.query) === termKey(options.term));
    setShown((current) => ({ ...current, items: current.items.filter((item) => !gone(item)) }));
    try {
      await callResource('AdvancedTypeaheadResource', 'delete', options);
    } catch {
      showToast(t('error.default'));
    }
    source.forget();
    inputRef.current?.focus();
    ask(inputRef.current?.value ?? '');
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) ask(inputRef.current?.value ?? '');
      else setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const item = items[active];
      if (!item) return;
      event.preventDefault();
      choose(item);
    } else if (event.key === 'Escape' && expanded) {
      // Closing comes first; a second Escape clears the field as search fields do.
      event.preventDefault();
      close();
    }
  });
  const onInput = useEffectEvent(() => {
    ask(inputRef.current?.value ?? '');
  });
  const onSubmit = useEffectEvent((event: SubmitEvent) => {
    event.preventDefault();
    const query = cleanQuery(inputRef.current?.value ?? '');
    if (query === '') return;
    close();
    navigate(tabPath('pins', query));
  });
  const onFocusOut = useEffectEvent((event: FocusEvent) => {
    if (!(event.relatedTarget instanceof Node && inputRef.current?.form?.contains(event.relatedTarget))) close();
  });

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const form = input.form;
    const keyDown = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    const typed = () => {
      onInput();
    };
    const submit = (event: SubmitEvent) => {
      onSubmit(event);
    };
    const focusOut = (event: FocusEvent) => {
      onFocusOut(event);
    };
    input.addEventListener('keydown', keyDown);
    input.addEventListener('input', typed);
    input.addEventListener('focus', typed);
    form?.addEventListener('submit', submit);
    form?.addEventListener('focusout', focusOut);
    // The code loaded on the field's first focus: the member may be typing already.
    if (document.activeElement === input) typed();
    return () => {
      input.removeEventListener('keydown', keyDown);
      input.removeEventListener('input', typed);
      input.removeEventListener('focus', typed);
      form?.removeEventListener('submit', submit);
      form?.removeEventListener('focusout', focusOut);
    };
  }, [inputRef]);

  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  // Search with an image sits in the field whether or not suggestions show (first either way, so it keeps its state).
  const imageEntry = <ImageSearchEntry inputRef={inputRef} />;
  if (!expanded) return <>{imageEntry}</>;
  return (
    <>
      {imageEntry}
      <div className={styles.popup}>
        {recentMode && (
          <div className={styles.heading}>
            <span id={headingId}>{t('typeahead.recentHeading')}</span>
            <button type="button" className={styles.clearAll} onMouseDown={keepFocus} onClick={() => void forgetRecent({ clear_all: true })}>
              {t('typeahead.clearAll')}
            </button>
          </div>
        )}
        <div className={styles.rows}>
          <ul role="listbox" id={listId} className={styles.list} {...(recentMode ? { 'aria-labelledby': headingId } : { 'aria-label': t('typeahead.label') })}>
            {items.map((item, index) => (
              <li
                key={`${item.type}:${item.label}:${item.url}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                onMouseDown={keepFocus}
                onClick={() => {
                  choose(item);
                }}
              >
                <ItemIcon item={item} />
                <span className={styles.text}>
                  <span className={styles.label}>{item.label}</span>
                  <ItemKind item={item} />
                </span>
              </li>
            ))}
          </ul>
          {/* Beside the list, row for row: an option may not hold a button of its own. */}
          {items.some((item) => item.type === 'recent_query') && (
            <div>
              {items.map((item) => (
                <div key={`${item.type}:${item.label}:${item.url}`} className={styles.removal}>
                  {item.type === 'recent_query' && (
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={t('typeahead.remove', { query: item.query })}
                      onMouseDown={keepFocus}
                      onClick={() => void forgetRecent({ term: item.query })}
                    >
                      <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false">
                        <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" fill="currentColor" />
                      </svg>
                    </button>
                  )}
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
