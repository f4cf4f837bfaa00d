/** The longest slug kept, in characters; names are at most 50, so this only trims odd input. */
const SLUG_MAX = 60;

/**
 * A board's slug from its name: lower case, accents folded, letters and digits of any script
 * kept (an Arabic or Japanese name keeps a readable URL), everything else one dash.
 */
export function slugify(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const slug = folded
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'board';
}

/** The first of base, base-2, base-3, ... not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
