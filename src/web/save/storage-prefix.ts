/**
 * Every key the save screens keep in localStorage starts with this, so logging out clears them
 * all (src/web/shell/client-storage.ts). A module of its own, so the shell imports the name and nothing else.
 */
export const SAVE_STORAGE_PREFIX = 'corkboard.save.';
