/** The server's board limits (src/shared/contracts/boards.ts), for the fields' maxLength. */
export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 500;
export const SECTION_TITLE_MAX = 180;
