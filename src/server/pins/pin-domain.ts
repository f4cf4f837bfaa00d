/** The domain shown under a pin: the link's host without a leading www. */
export function domainOf(link: string | null): string | null {
  if (!link) return null;
  return new URL(link).hostname.replace(/^www\./, '');
}
