import { useState, type SyntheticEvent } from 'react';
import { errorMessage } from '../ui/form-messages.ts';
import { TextField } from '../ui/TextField.tsx';
import { useResource, useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { sectionList, sectionsRequest } from './board-requests.ts';
import { addSection, deleteSection, renameSection } from './board-api.ts';
import { SECTION_TITLE_MAX } from './board-limits.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useDialog } from '../ui/useDialog.ts';
import styles from '../ui/forms.module.css';
import type { SectionJson } from '../../shared/contracts/boards.ts';
import type { BoardJson } from '../../shared/contracts/boards.ts';

type Props = { board: BoardJson; canDelete: boolean };

/**
 * After a change: the board page's list of sections (read by path) is read again, the picker's
 * (read by id) fresh when next opened, and the cached board's section count follows.
 */
function useSectionChanges(board: BoardJson) {
  const store = useResourceStore();
  const request = sectionsRequest(board.owner.username, board.slug);
  return async (by: number) => {
    store.changeItems((item) =>
      item['type'] === 'board' && item['id'] === board.id ? { ...item, section_count: Math.max(0, Number(item['section_count'] ?? 0) + by) } : undefined,
    );
    store.invalidate((r) => r.name === 'BoardSectionResource' && r.options['board_id'] === board.id);
    await store.refresh(request);
  };
}

function SectionRow({ section, canDelete, onChanged }: { section: SectionJson; canDelete: boolean; onChanged: (by: number) => Promise<void> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [error, setError] = useState<unknown>(null);
  const confirming = useDialog();

  const onRename = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await renameSection(section.id, title);
      setEditing(false);
      setError(null);
      await onChanged(0);
    } catch (failure) {
      setError(failure);
    }
  };

  if (editing) {
    return (
      <li>
        <form className={styles.inline} onSubmit={(e) => void onRename(e)} noValidate>
          <TextField
            label={t('boardEdit.sectionName')}
            value={title}
            maxLength={SECTION_TITLE_MAX}
            autoFocus
            error={error ? errorMessage(t, error) : null}
            onChange={(e) => {
              setTitle(e.target.value);
            }}
          />
          <button type="submit" className={styles.smallPrimary} disabled={title.trim() === ''}>
            {t('boardEdit.save')}
          </button>
          <button
            type="button"
            className={styles.small}
            onClick={() => {
              setEditing(false);
              setTitle(section.title);
            }}
          >
            {t('boardEdit.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className={styles.item}>
      <span className={styles.itemMain}>
        {section.title}
        <span className={styles.itemSub}>{t('boardEdit.pinCount', { count: section.pin_count })}</span>
      </span>
      <button
        type="button"
        className={styles.small}
        aria-label={t('boardEdit.renameSection', { section: section.title })}
        onClick={() => {
          setEditing(true);
        }}
      >
        {t('boardEdit.rename')}
      </button>
      {canDelete && (
        <button
          type="button"
          className={styles.small}
          aria-label={t('boardEdit.deleteSection', { section: section.title })}
          onClick={() => {
            confirming.open(true);
          }}
        >
          {t('boardEdit.delete')}
        </button>
      )}
      {confirming.shown && (
        <ConfirmDialog
          key={confirming.shown.key}
          title={t('boardEdit.deleteSectionTitle', { section: section.title })}
          body={t('boardEdit.deleteSectionBody', { count: section.pin_count })}
          confirmLabel={t('boardEdit.delete')}
          onConfirm={async () => {
            await deleteSection(section.id);
            await onChanged(-1);
          }}
          onClose={confirming.shown.onClose}
        />
      )}
    </li>
  );
}

/** A board's sections: add one, rename or delete each (deleting one removes its saves, as the server does). */
export function SectionsEditor({ board, canDelete }: Props) {
  const { t } = useTranslation();
  const boardId = board.id;
  const read = useResource(sectionsRequest(board.owner.username, board.slug));
  const sections = sectionList(read.data) ?? [];
  const changed = useSectionChanges(board);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const onAdd = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await addSection(boardId, title);
      setTitle('');
      await changed(1);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.group} aria-labelledby={`sections-${boardId}`}>
      <h3 id={`sections-${boardId}`} className={styles.sectionTitle}>
        {t('boardEdit.sections')}
      </h3>
      {sections.length > 0 && (
        <ul className={styles.list}>
          {sections.map((section) => (
            <SectionRow key={section.id} section={section} canDelete={canDelete} onChanged={changed} />
          ))}
        </ul>
      )}
      {read.status === 'ready' && sections.length === 0 && <p className={styles.note}>{t('boardEdit.noSections')}</p>}
      {read.status === 'error' && <p className={styles.alert}>{read.error.message}</p>}
      <form className={styles.inline} onSubmit={(e) => void onAdd(e)} noValidate>
        <TextField
          label={t('boardEdit.newSection')}
          value={title}
          maxLength={SECTION_TITLE_MAX}
          placeholder={t('boardEdit.newSectionPlaceholder')}
          autoComplete="off"
          error={error ? errorMessage(t, error) : null}
          onChange={(e) => {
            setTitle(e.target.value);
          }}
        />
        <button type="submit" className={styles.smallPrimary} disabled={busy || title.trim() === ''}>
          {t('boardEdit.addSection')}
        </button>
      </form>
    </section>
  );
}
