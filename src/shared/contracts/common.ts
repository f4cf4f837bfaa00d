import { z } from 'zod';

/** Shapes every area's contracts take: ids, bookmarks, free text. */

/** Our ids: decimal strings of a 64-bit number (docs/decisions/0003). Anything else cannot exist. */
export const Id = z.string().regex(/^\d{1,20}$/, 'Not found.');

/** An opaque feed position; what is inside is checked where it is decoded. */
export const Bookmark = z.string().max(512).optional();

// Tabs and line breaks belong in a description; other control characters do not.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text of several lines (a description, an about text): no control characters but tabs and line breaks. */
export function multilineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL_EXCEPT_LINES.test(value), 'Please remove special characters.');
}

/** The v3 REST envelope of a success, {status, code, message, data}: a route's 200 answer. */
export function restAnswer<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), code: z.number(), message: z.string(), data });
}
