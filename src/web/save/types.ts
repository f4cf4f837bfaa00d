/** The parts of the server's pin and board JSON (src/server/pins/pins.present.ts, boards.present.ts) the save screens read. */

export type BoardPrivacy = 'public' | 'secret';
export type BoardRef = { id: string; name: string; url: string; privacy: BoardPrivacy };

/** The spec's savedInfo of the viewer's latest save of a pin; `board_id` is the board's id. */
export type SavedInfo = { board_id: string; local_pin_id: string; section_id: string | null; title: string; type: 'board' | 'section'; url: string };

export type MediaImage = { url: string; width: number; height: number; dominant_color?: string | null };

/** A presented pin as far as saving it goes. */
export type SavablePin = {
  id: string;
  title?: string;
  saved_info: SavedInfo | null;
  pinned_to_board?: BoardRef | null;
  privacy?: BoardPrivacy | null;
  repin_count?: number;
  image_signature?: string | null;
};

/** A board of BoardPickerBoardsResource. */
export type PickerBoardJson = BoardRef & {
  section_count: number;
  picker_section: 'recent' | 'all';
  saved_here: boolean;
  is_quicksave: boolean;
  cover_images: Record<string, MediaImage> | null;
};

export type SectionJson = { id: string; board_id: string; title: string; slug: string; pin_count: number };

/** Where a pin goes: a board, and a section of it or none (its slug names the section page's reads). */
export type BoardChoice = { board: BoardRef; section: { id: string; title: string; slug?: string | undefined } | null };
