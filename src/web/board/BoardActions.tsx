import { BoardActionsBar } from '../board-edit/BoardActionsBar.tsx';
import styles from './board.module.css';
import type { BoardJson } from '../../shared/contracts/boards.ts';

/**
 * The board owner's, collaborators' and visitors' actions (edit the board and its sections,
 * manage collaborators, answer an invitation, ask to join), built in src/web/board-edit. The
 * board page renders it between the header and the sections.
 */
export function BoardActions({ board }: { board: BoardJson }) {
  return (
    <div className={styles.boardActions} data-slot="board-actions">
      <BoardActionsBar username={board.owner.username} slug={board.slug} />
    </div>
  );
}
