/**
 * The pin of a closeup address. The spec allows a slug before the id (`/pin/some-title--123/`):
 * the id is what follows the last `--`, and the slug is words for people and search engines only,
 * so any slug (or none) names the same pin. Anything else is returned as it is, for the pin
 * resource to refuse (a 404 page).
 */
const SLUGGED = /^.*--(\d{1,20})$/su;

export function pinIdOfAddress(segment: string): string {
  return SLUGGED.exec(segment)?.[1] ?? segment;
}
