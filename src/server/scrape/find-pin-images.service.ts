import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { writerOf } from '../access/authorized.ts';
import { readPageMetadata } from './page-metadata.ts';
import { readWebPage } from '../outbound/web-page.ts';
import type { FoundPage } from '../../shared/contracts/scrape.ts';

/** FindPinImagesResource: only members who may make pins have pages fetched for them. */
export async function findPinImages(deps: Deps, actor: Actor, url: string): Promise<FoundPage> {
  const writer = writerOf(actor, 'pins:write');
  const { images, author, license_url, embed, ...page } = await readWebPage(deps, writer.userId, url, readPageMetadata);
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
