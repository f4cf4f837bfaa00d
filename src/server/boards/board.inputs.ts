import { z } from 'zod';
import { lineText } from '../../shared/validation/signup.ts';

/** Our ids: decimal strings of a 64-bit number (docs/decisions/0003). Anything else cannot exist. */
export const Id = z.string().regex(/^\d{1,20}$/, 'Not found.');

// Tabs and line breaks belong in a description; other control characters do not.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function multilineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL_EXCEPT_LINES.test(value), 'Please remove special characters.');
}

export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 500;
export const SECTION_TITLE_MAX = 180;

export const BoardName = lineText(BOARD_NAME_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(BOARD_NAME_MAX, `Board names can be at most ${BOARD_NAME_MAX} characters.`));

export const SectionTitle = lineText(SECTION_TITLE_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(SECTION_TITLE_MAX));

export const BoardPrivacy = z.enum(['public', 'secret']);

export const BoardFields = z.object({
  name: BoardName,
  description: multilineText(BOARD_DESCRIPTION_MAX).optional(),
  privacy: BoardPrivacy.optional(),
});
export type BoardFields = z.infer<typeof BoardFields>;

export const BoardChanges = z.object({
  name: BoardName.optional(),
  description: multilineText(BOARD_DESCRIPTION_MAX).optional(),
  privacy: BoardPrivacy.optional(),
  cover_pin_id: Id.nullable().optional(),
});
export type BoardChanges = z.infer<typeof BoardChanges>;

/** An opaque feed position; what is inside is checked where it is decoded. */
export const Bookmark = z.string().max(512).optional();
