/** Start-up cannot go on: the server embedded an error, or the page lacks a part it needs. */
export class PlatformError extends Error {
  override name = 'PlatformError';
}
