import { z } from 'zod';
import { Bookmark } from '../boards/board.inputs.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { readerOf } from '../access/authorized.ts';
import { presentHomePins } from './home.present.ts';
import { homeFeed } from './home.service.ts';

const HomeOptions = z.object({ bookmark: Bookmark });

/**
 * UserHomefeedResource get {bookmark?}: the signed-in reader's home feed (`/` and `/homefeed/`),
 * pins each with `recommendation_reason`, 25 a page; a visitor is asked to sign in (401).
 */
export const UserHomefeedResource = defineUntypedResource({
  name: 'UserHomefeedResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => {
    const { bookmark } = parseInput(HomeOptions, options);
    const page = await homeFeed(deps, actor, bookmark);
    return { data: await presentHomePins(deps, readerOf(actor), page.items), bookmark: page.bookmark };
  },
});

export const feedResources: Resource[] = [UserHomefeedResource];
