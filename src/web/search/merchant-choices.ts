import { merchantDomain } from './search-url.ts';

/** Merchants offered at most (besides the chosen ones). */
export const MERCHANT_CHOICES_MAX = 12;

/**
 * The merchant domains a products search offers to filter by, by name: the most frequent among its
 * unfiltered results, and the ones already chosen, which must stay to be unticked.
 */
export function merchantChoices(results: readonly { domain?: string | null }[], chosen: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const result of results) {
    const domain = result.domain ? merchantDomain(result.domain) : null;
    if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  const frequent = [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([domain]) => domain)
    .slice(0, MERCHANT_CHOICES_MAX);
  return [...new Set([...chosen, ...frequent])].sort();
}
