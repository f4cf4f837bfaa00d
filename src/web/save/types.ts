import type { BoardRef, PinJson } from '../../shared/contracts/pins.ts';

export type BoardPrivacy = BoardRef['privacy'];

/** A presented pin (src/shared/contracts/pins.ts) as far as saving it goes. */
export type SavablePin = Pick<PinJson, 'id' | 'saved_info'> &
  Partial<Pick<PinJson, 'title' | 'pinned_to_board' | 'privacy' | 'repin_count' | 'image_signature'>>;

/** Where a pin goes: a board, and a section of it or none (its slug names the section page's reads). */
export type BoardChoice = { board: BoardRef; section: { id: string; title: string; slug?: string | undefined } | null };
