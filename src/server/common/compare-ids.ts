/** Ids are decimal strings without leading zeros: the longer is the larger. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
