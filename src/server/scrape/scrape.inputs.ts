import { z } from 'zod';
import { PinFields, PinLink } from '../pins/pin.inputs.ts';

/** A web address the server is asked to fetch: http or https, present, at most 2048 characters. */
export const WebUrl = PinLink.refine((value) => value !== '', 'Required');

/** FindPinImagesResource get: the page to read; `source` is where in the client the search runs. */
export const FindPinImagesOptions = z.object({
  url: WebUrl,
  source: z.enum(['pin_create', 'product_tags']).default('pin_create'),
});

/**
 * PinResource create from a web page: the pin fields with `image_url` (an image the member picked,
 * usually one FindPinImagesResource found) and `source_url` (the page) instead of `media_id`.
 * Title, description and link default to the page's own.
 */
export const PinFromUrlFields = PinFields.omit({ media_id: true }).extend({ image_url: WebUrl, source_url: WebUrl });
export type PinFromUrlFields = z.infer<typeof PinFromUrlFields>;
