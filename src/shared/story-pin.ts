import { z } from 'zod';
import { lineText } from './validation/signup.ts';
import type { MediaImage, MediaVideo } from './contracts/media.ts';
import type * as json from './contracts/story-pins.ts';

/**
 * Story pins (viewer spec section 3 "Story pin", business spec "Story pin item" and "Story pin
 * block"): pages of blocks, written by the pin builder and read by the closeup. The schema is the
 * one contract: the server parses what it stores with it, the builder checks a draft with it.
 * Limits and the stored shape: docs/decisions/0027-story-pins.md.
 */

/** Viewer spec section 9: a story page is 9:16. */
export const STORY_ASPECT_RATIO = { name: '9:16', width: 9, height: 16 } as const;
/** Viewer spec section 9: text size 28, colour #111111, highlight #FFFFFF. */
export const STORY_TEXT_DEFAULTS = { size: 28, color: '#111111', highlight: '#FFFFFF' } as const;
/** Business spec section 9: a story pin's pages are white unless chosen otherwise. */
export const STORY_BACKGROUND_DEFAULT = '#FFFFFF';
/** Business spec section 9: text sizes sm, md, lg; md is the spec's default 28. */
export const STORY_TEXT_SIZES = { sm: 20, md: 28, lg: 40 } as const;
/** Text sizes are in points of a page 360 points wide: text scales with the page. */
export const STORY_PAGE_WIDTH_POINTS = 360;

/** Ours: enough for a recipe or a guide step by step, small enough to read in one sitting. */
export const STORY_LIMITS = {
  pages: 20,
  blocksPerPage: 10,
  text: 500,
  linkText: 100,
  listItems: 30,
  listItem: 200,
  keyValues: 10,
  listBlocks: 5,
  textSizeMin: 12,
  textSizeMax: 96,
} as const;

export const STORY_TEXT_BLOCK_TYPES = ['heading', 'paragraph', 'text'] as const;
export const STORY_MEDIA_BLOCK_TYPES = ['image', 'video'] as const;
export const STORY_LIST_BLOCK_TYPES = ['list', 'ingredient', 'supply'] as const;
/** Business spec section 9: alignment left or center; vertical top, center, bottom; case none or uppercase. */
export const STORY_ALIGNS = ['left', 'center'] as const;
export const STORY_VERTICALS = ['top', 'center', 'bottom'] as const;
export const STORY_TEXT_CASES = ['none', 'uppercase'] as const;
/** How a page's picture or video sits in the 9:16 frame: filling it (cropped) or whole on the background. */
export const STORY_LAYOUTS = ['fill', 'fit'] as const;
export const STORY_TEMPLATE_TYPES = ['recipe', 'diy'] as const;

export type StoryTextBlockType = (typeof STORY_TEXT_BLOCK_TYPES)[number];
export type StoryMediaBlockType = (typeof STORY_MEDIA_BLOCK_TYPES)[number];
export type StoryAlign = (typeof STORY_ALIGNS)[number];
export type StoryVertical = (typeof STORY_VERTICALS)[number];
export type StoryTextCase = (typeof STORY_TEXT_CASES)[number];
export type StoryLayout = (typeof STORY_LAYOUTS)[number];

// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text that may run over lines, with something in it. */
function storyText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL_EXCEPT_LINES.test(value), 'Please remove special characters.')
    .transform((value) => value.trim())
    .refine((value) => value !== '', 'Please add some text.');
}

const Colour = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Please use a colour like #RRGGBB.')
  .transform((value) => value.toUpperCase());

const MediaId = z.string().regex(/^\d{1,20}$/, 'Not found.');

const StoryLink = lineText(2048).refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'Please enter a valid URL starting with http:// or https://');

/** Business spec "Story pin block" edits: where a block was put by hand, as fractions of the page. */
const BlockEdits = z.strictObject({
  left: z.number().min(0).max(1),
  top: z.number().min(0).max(1),
  scale: z.number().min(0.25).max(4).default(1),
  rotate: z.number().min(-180).max(180).default(0),
});

/** Where a block without edits sits: its vertical band and its alignment in it. */
const placement = {
  align: z.enum(STORY_ALIGNS).default('left'),
  vertical: z.enum(STORY_VERTICALS).default('top'),
  edits: BlockEdits.nullable().default(null),
};

const TextBlock = z.strictObject({
  type: z.enum(STORY_TEXT_BLOCK_TYPES),
  text: storyText(STORY_LIMITS.text),
  size: z.number().int().min(STORY_LIMITS.textSizeMin).max(STORY_LIMITS.textSizeMax).default(STORY_TEXT_DEFAULTS.size),
  color: Colour.default(STORY_TEXT_DEFAULTS.color),
  highlight: Colour.nullable().default(STORY_TEXT_DEFAULTS.highlight),
  text_case: z.enum(STORY_TEXT_CASES).default('none'),
  ...placement,
});

const LinkBlock = z.strictObject({ type: z.literal('link'), text: storyText(STORY_LIMITS.linkText), url: StoryLink, ...placement });

const ListItems = z
  .array(storyText(STORY_LIMITS.listItem))
  .min(1, 'Please add an item.')
  .max(STORY_LIMITS.listItems, `A list has at most ${STORY_LIMITS.listItems} items.`);

const ListBlock = z.strictObject({
  type: z.enum(STORY_LIST_BLOCK_TYPES),
  heading: lineText(STORY_LIMITS.linkText)
    .transform((v) => v.trim())
    .default(''),
  items: ListItems,
  ...placement,
});

const MediaBlock = z.strictObject({ type: z.enum(STORY_MEDIA_BLOCK_TYPES), media_id: MediaId });

// The union's own message is for a type none of its blocks has; a known block's issues keep theirs.
export const StoryBlock = z.discriminatedUnion('type', [TextBlock, LinkBlock, ListBlock, MediaBlock], { error: 'Unknown block type.' });

export const StoryPage = z
  .strictObject({
    background_color: Colour.default(STORY_BACKGROUND_DEFAULT),
    layout: z.enum(STORY_LAYOUTS).default('fill'),
    blocks: z
      .array(StoryBlock)
      .min(1, 'A page needs a picture, a video or some text.')
      .max(STORY_LIMITS.blocksPerPage, `A page has at most ${STORY_LIMITS.blocksPerPage} blocks.`),
  })
  .refine((page) => page.blocks.filter(isMediaBlock).length <= 1, { message: 'A page holds at most one picture or video.', path: ['blocks'] });

const KeyValue = z.strictObject({ key: lineText(50).transform((v) => v.trim()), value: lineText(100).transform((v) => v.trim()) });
const ListBasics = z.strictObject({ heading: lineText(STORY_LIMITS.linkText).transform((v) => v.trim()), items: ListItems });

/** Viewer spec: metadata (pinTitle, basics with keyValueBlocks and listBlocks, templateType). */
export const StoryMetadata = z.strictObject({
  pin_title: lineText(100)
    .transform((v) => v.trim())
    .nullable()
    .default(null),
  template_type: z.enum(STORY_TEMPLATE_TYPES).nullable().default(null),
  basics: z
    .strictObject({
      key_value_blocks: z.array(KeyValue).max(STORY_LIMITS.keyValues).default([]),
      list_blocks: z.array(ListBasics).max(STORY_LIMITS.listBlocks).default([]),
    })
    .nullable()
    .default(null),
});

/** What a pin create sends as story_pin_data, and what is stored. */
export const StoryPinInput = z.strictObject({
  pages: z.array(StoryPage).min(1, 'A story pin needs a page.').max(STORY_LIMITS.pages, `A story pin has at most ${STORY_LIMITS.pages} pages.`),
  metadata: StoryMetadata.prefault({}),
});

export type StoryBlock = z.infer<typeof StoryBlock>;
export type StoryPage = z.infer<typeof StoryPage>;
export type StoryMetadata = z.infer<typeof StoryMetadata>;
export type StoryPinInput = z.infer<typeof StoryPinInput>;
/** What a client may send: defaults left out. */
export type StoryPinInputFields = z.input<typeof StoryPinInput>;

export type StoryTextBlock = Extract<StoryBlock, { type: StoryTextBlockType }>;
export type StoryMediaBlock = Extract<StoryBlock, { type: StoryMediaBlockType }>;
export type StoryPlacedBlock = Exclude<StoryBlock, StoryMediaBlock>;

export function isMediaBlock(block: StoryBlock): block is StoryMediaBlock {
  return block.type === 'image' || block.type === 'video';
}

export function isTextBlock(block: StoryBlock): block is StoryTextBlock {
  return block.type === 'heading' || block.type === 'paragraph' || block.type === 'text';
}

/** The page's picture or clip, if it has one. */
export function pageMedia(page: Pick<StoryPage, 'blocks'>): StoryMediaBlock | null {
  return page.blocks.find(isMediaBlock) ?? null;
}

/** Every media id a story shows, each once, in page order. */
export function storyMediaIds(story: Pick<StoryPinInput, 'pages'>): string[] {
  return [...new Set(story.pages.flatMap((page) => page.blocks.filter(isMediaBlock).map((b) => b.media_id)))];
}

/** The cover when none is chosen: the first page's picture or clip. */
export function defaultCover(story: Pick<StoryPinInput, 'pages'>): string | null {
  return storyMediaIds(story)[0] ?? null;
}

/** The words a reader sees on the pages, in page order: texts, links, list headings and items. */
export function storyWords(story: Pick<StoryPinInput, 'pages'>): string[] {
  return story.pages.flatMap((page) =>
    page.blocks.flatMap((block) => {
      if (isMediaBlock(block)) return [];
      if ('items' in block) return [block.heading, ...block.items];
      return [block.text];
    }),
  );
}

/** Viewer spec staticPageCount: pages without a video. */
export function staticPageCount(story: Pick<StoryPinInput, 'pages'>): number {
  return story.pages.filter((page) => pageMedia(page)?.type !== 'video').length;
}

// What the closeup and grids read (src/server/pins/story.present.ts), declared in the contract.

export type StoryMediaImage = MediaImage;
export type StoryMediaVideo = MediaVideo;
export type StoryMediaBlockJson = z.infer<typeof json.StoryMediaBlockJson>;
export type StoryBlockJson = z.infer<typeof json.StoryBlockJson>;
export type StoryPageJson = z.infer<typeof json.StoryPageJson>;
export type StoryPinDataJson = z.infer<typeof json.StoryPinDataJson>;
