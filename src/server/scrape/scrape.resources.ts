import { FindPinImagesResource } from '../../shared/contracts/scrape.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { findPinImages } from './find-pin-images.service.ts';
import { PinResourceWithPages } from './pin.resources.ts';

export const scrapeResources: Resource[] = [
  PinResourceWithPages,
  defineResource(FindPinImagesResource, {
    get: async ({ input, actor, deps }) => ({ data: await findPinImages(deps, actor, input.url) }),
  }),
];
