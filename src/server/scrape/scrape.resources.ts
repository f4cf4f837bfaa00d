import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource, type Resource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { findPinImages } from './find-pin-images.service.ts';
import { FindPinImagesOptions } from './scrape.inputs.ts';

/**
 * FindPinImagesResource get {url, source?}: the images and metadata of a web page for the
 * create-pin screen (spec: source pin_create or product_tags, up to 50 items). Both sources read
 * the page the same way; `source` says which screen asks.
 */
export const FindPinImagesResource = defineUntypedResource({
  name: 'FindPinImagesResource',
  options: AnyOptions,
  get: async ({ options, actor, deps }) => ({ data: await findPinImages(deps, actor, parseInput(FindPinImagesOptions, options).url) }),
});

export const scrapeResources: Resource[] = [FindPinImagesResource];
