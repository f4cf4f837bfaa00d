import { useState } from 'react';
import type { BoardJson, SectionJson } from '../../shared/contracts/boards.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { OrganizePanel } from './OrganizePanel.tsx';
import styles from './organize.module.css';

/**
 * The board page's Organize button and panel, for those who may take pins off the board (its
 * owner, collaborators approved with delete). When an action finishes, the board reads fresh.
 */
export function BoardOrganize({ board, pins, sections }: { board: BoardJson; pins: readonly PinJson[]; sections: readonly SectionJson[] }) {
  const { t } = useTranslation();
  const store = useResourceStore();
  const [open, setOpen] = useState(false);
  if (!board.access.includes('delete')) return null;
  // The board itself, and a section page's own section, are not read again: the page would show a
  // loading state and close the panel. Lists of sections are, for their counts.
  const refresh = () => {
    store.invalidate(
      (r) =>
        r.name === 'BoardFeedResource' ||
        r.name === 'BoardPickerBoardsResource' ||
        (r.name === 'BoardSectionResource' && r.options['section_slug'] === undefined && r.options['section_id'] === undefined),
    );
  };
  return (
    <div className={styles.organize}>
      <button
        type="button"
        className={styles.secondary}
        aria-expanded={open}
        aria-controls="board-organize"
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        {open ? t('organize.done') : t('organize.open')}
      </button>
      <div id="board-organize" hidden={!open}>
        {open && <OrganizePanel board={board} pins={pins} sections={sections} onChanged={refresh} />}
      </div>
    </div>
  );
}
