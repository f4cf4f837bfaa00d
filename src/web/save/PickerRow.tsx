import { useId, useState } from 'react';
import { useResource } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import type { BoardChoice } from './types.ts';
import styles from './BoardPicker.module.css';
import type { PickerBoardJson } from '../../shared/contracts/boards.ts';
import { sectionList } from '../board-edit/board-requests.ts';

function Cover({ board }: { board: PickerBoardJson }) {
  const image = board.cover_images?.['60x60'] ?? board.cover_images?.['236x'];
  if (!image) return <span className={styles.cover} aria-hidden="true" />;
  return <img className={styles.cover} src={image.url} alt="" width={48} height={48} loading="lazy" />;
}

function LockIcon({ label }: { label: string }) {
  return (
    <svg className={styles.lock} viewBox="0 0 24 24" width="14" height="14" role="img" aria-label={label} focusable="false">
      <path d="M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9zm-8-2a3 3 0 0 1 6 0v2H9z" fill="currentColor" />
    </svg>
  );
}

function Sections({ board, onPick }: { board: PickerBoardJson; onPick: (choice: BoardChoice) => void }) {
  const { t } = useTranslation();
  const sections = useResource({ name: 'BoardSectionResource', options: { board_id: board.id } });
  if (sections.status === 'loading') return <p className={styles.sectionNote}>{t('save.loadingBoards')}</p>;
  if (sections.status === 'error') return <p className={styles.sectionNote}>{sections.error.message}</p>;
  return (
    <ul className={styles.sections}>
      {(sectionList(sections.data) ?? []).map((section) => (
        <li key={section.id}>
          <button
            type="button"
            className={styles.sectionRow}
            data-picker-option=""
            onClick={() => {
              onPick({ board, section: { id: section.id, title: section.title, slug: section.slug } });
            }}
          >
            {section.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One board of the picker: pick it, or open its sections and pick one of them. */
export function PickerRow({ board, onPick }: { board: PickerBoardJson; onPick: (choice: BoardChoice) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const sectionsId = useId();
  return (
    <li className={styles.row}>
      <div className={styles.rowLine}>
        <button
          type="button"
          className={styles.board}
          data-picker-option=""
          onClick={() => {
            onPick({ board, section: null });
          }}
        >
          <Cover board={board} />
          <span className={styles.name}>{board.name}</span>
          {board.privacy === 'secret' && <LockIcon label={t('save.secret')} />}
          {board.saved_here && <span className={styles.savedHere}>{t('save.saved')}</span>}
        </button>
        {board.section_count > 0 && (
          <button
            type="button"
            className={styles.expand}
            data-picker-option=""
            aria-expanded={open}
            aria-controls={sectionsId}
            aria-label={t('save.sectionsOf', { board: board.name })}
            onClick={() => {
              setOpen(!open);
            }}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false" className={open ? styles.chevronOpen : undefined}>
              <path d="M12 17 3 8l1.4-1.4L12 14.2l7.6-7.6L21 8z" fill="currentColor" />
            </svg>
          </button>
        )}
      </div>
      <div id={sectionsId}>{open && <Sections board={board} onPick={onPick} />}</div>
    </li>
  );
}
