/** The server's pin field limits (src/shared/contracts/pins.ts, kept apart so the builder bundles no zod), for the fields' maxLength and counters. */
export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 800;
export const PIN_ALT_TEXT_MAX = 500;
export const PIN_LINK_MAX = 2048;
