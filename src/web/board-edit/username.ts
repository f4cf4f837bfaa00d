/** The username an invite names, as typed: without a leading @, or taken out of a profile address. */
export function usernameOf(text: string): string {
  const trimmed = text.trim().replace(/^@/, '');
  const fromUrl = /^(?:https?:\/\/[^/]+)?\/([^/?#]+)\/?$/.exec(trimmed);
  return fromUrl?.[1] ?? trimmed;
}
