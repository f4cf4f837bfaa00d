import type { LinkPreview, StructuredData } from '../router/types.ts';
import type { PinJson } from '../pins/types.ts';

/** What the discovery pages tell search engines and link previews (decision 0019's patterns). */

/** A page's preview: its description, and the first pin's picture when it has one. */
export function coverPreview(description: string, pin: PinJson | null | undefined, alt: string): LinkPreview {
  const image = pin?.images?.['736x'] ?? pin?.images?.['474x'];
  return {
    description,
    type: 'website',
    image: image ? { url: image.url, width: image.width, height: image.height, alt } : undefined,
  };
}

/** A BreadcrumbList of named paths, the last one the page itself. */
export function breadcrumb(trail: readonly { name: string; path: string }[], origin: string): StructuredData {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: origin + step.path })),
  };
}
