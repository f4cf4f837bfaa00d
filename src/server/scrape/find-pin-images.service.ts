import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { writerOf } from '../access/authorized.ts';
import type { PinAttribution } from './pin-sources.ts';
import type { FoundImage, PageMetadata } from './page-metadata.ts';
import { readWebPage } from './web-page.ts';

/**
 * FindPinImagesResource: what the create-pin screen shows for a web address: the images a pin
 * could take (at most 50, best first) and the title, description, canonical link, domain, site
 * name and schema.org data to prefill it with, and the attribution the pin would keep.
 */
export type FoundPage = Omit<PageMetadata, 'images' | 'author' | 'license_url' | 'embed'> & {
  items: FoundImage[];
  attribution: PinAttribution;
};

/** Only members who may make pins have pages fetched for them. */
export async function findPinImages(deps: Deps, actor: Actor, url: string): Promise<FoundPage> {
  const writer = writerOf(actor, 'pins:write');
  const { images, author, license_url, embed, ...page } = await readWebPage(deps, writer.userId, url);
  return {
    ...page,
    items: images,
    attribution: {
      author_name: author?.name ?? null,
      author_url: author?.url ?? null,
      cc_url: license_url,
      provider_name: page.site_name ?? page.domain,
      url: page.canonical_url,
      embed,
    },
  };
}
