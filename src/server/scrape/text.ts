/**
 * Text read from a page becomes a pin's title or description and stored JSON: whitespace runs
 * (line breaks included) fold to one space, control characters go (PostgreSQL refuses NUL, our
 * one-line fields refuse the rest), and the result is cut to `max` UTF-16 units without splitting
 * a character.
 */
export function cleanLine(value: string, max: number): string {
  const folded = value
    // eslint-disable-next-line no-control-regex -- removing them is the point
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return folded.length <= max ? folded : cut(folded, max).trimEnd();
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` UTF-16 units (what our zod limits count), ending between two characters as people see them. */
function cut(value: string, max: number): string {
  let out = '';
  for (const { segment } of graphemes.segment(value)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out;
}

/** The strings of a list, cleaned, blanks dropped, at most `maxItems`. */
export function cleanList(values: readonly unknown[], maxItems: number, maxChars: number): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (out.length >= maxItems) break;
    if (typeof value !== 'string') continue;
    const line = cleanLine(value, maxChars);
    if (line !== '') out.push(line);
  }
  return out;
}
