import { z } from 'zod';
import { lineText } from '../../shared/validation/signup.ts';
import { Id, multilineText } from '../boards/board.inputs.ts';

/** Limits of the public API's pin model (reference/pinterest-api-v5.json). */
export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 800;
export const PIN_ALT_TEXT_MAX = 500;
export const PIN_LINK_MAX = 2048;

/** A destination link: http or https only (no javascript:, data: or file: on a click-through). */
export const PinLink = lineText(PIN_LINK_MAX)
  .transform((v) => v.trim())
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL starting with http:// or https://');

/** The domain shown under a pin: the link's host without a leading www. */
export function domainOf(link: string | null): string | null {
  if (!link) return null;
  return new URL(link).hostname.replace(/^www\./, '');
}

const pinText = {
  title: lineText(PIN_TITLE_MAX)
    .transform((v) => v.trim())
    .optional(),
  description: multilineText(PIN_DESCRIPTION_MAX).optional(),
  alt_text: multilineText(PIN_ALT_TEXT_MAX).optional(),
  link: PinLink.optional(),
  comments_disabled: z.boolean().optional(),
};

export const PinFields = z.object({
  board_id: Id,
  section_id: Id.nullable().optional(),
  media_id: Id,
  ...pinText,
});
export type PinFields = z.infer<typeof PinFields>;

export const PinChanges = z.object(pinText);
export type PinChanges = z.infer<typeof PinChanges>;
