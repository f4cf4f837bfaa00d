import { z } from 'zod';
import {
  STORY_ALIGNS,
  STORY_LAYOUTS,
  STORY_LIST_BLOCK_TYPES,
  STORY_MEDIA_BLOCK_TYPES,
  STORY_TEMPLATE_TYPES,
  STORY_TEXT_BLOCK_TYPES,
  STORY_TEXT_CASES,
  STORY_VERTICALS,
} from '../story-pin.ts';
import { MediaImages, MediaStatus, MediaVideo } from './media.ts';

/**
 * Pin.story_pin_data as the closeup and grids read it (src/server/pins/story.present.ts): the
 * stored pages (src/shared/story-pin.ts checks what a builder sends) with each media block's
 * pictures and videos. An answer's shape, so no defaults and no transforms.
 */

const BlockEdits = z.object({ left: z.number(), top: z.number(), scale: z.number(), rotate: z.number() });

const placement = { align: z.enum(STORY_ALIGNS), vertical: z.enum(STORY_VERTICALS), edits: BlockEdits.nullable() };

const TextBlockJson = z.object({
  type: z.enum(STORY_TEXT_BLOCK_TYPES),
  text: z.string(),
  size: z.number(),
  color: z.string(),
  highlight: z.string().nullable(),
  text_case: z.enum(STORY_TEXT_CASES),
  ...placement,
});

const LinkBlockJson = z.object({ type: z.literal('link'), text: z.string(), url: z.string(), ...placement });

const ListBlockJson = z.object({ type: z.enum(STORY_LIST_BLOCK_TYPES), heading: z.string(), items: z.array(z.string()), ...placement });

/** A media block with its pictures (a video's poster) and, for a video, its renditions. */
export const StoryMediaBlockJson = z.object({
  type: z.enum(STORY_MEDIA_BLOCK_TYPES),
  media_id: z.string(),
  status: MediaStatus.nullable(),
  images: MediaImages.nullable(),
  video_list: z.record(z.string(), MediaVideo).nullable(),
  dominant_color: z.string().nullable(),
});

export const StoryBlockJson = z.discriminatedUnion('type', [TextBlockJson, LinkBlockJson, ListBlockJson, StoryMediaBlockJson]);

/** Viewer spec: a page's layout, images (its picture, or its video's poster) and blocks. */
export const StoryPageJson = z.object({
  background_color: z.string(),
  layout: z.enum(STORY_LAYOUTS),
  images: MediaImages.nullable(),
  blocks: z.array(StoryBlockJson),
});

/** Viewer spec: metadata (pinTitle, basics with keyValueBlocks and listBlocks, templateType). */
export const StoryMetadataJson = z.object({
  pin_title: z.string().nullable(),
  template_type: z.enum(STORY_TEMPLATE_TYPES).nullable(),
  basics: z
    .object({
      key_value_blocks: z.array(z.object({ key: z.string(), value: z.string() })),
      list_blocks: z.array(z.object({ heading: z.string(), items: z.array(z.string()) })),
    })
    .nullable(),
});

/** Pin.story_pin_data; total_video_duration in milliseconds, as every duration of ours. */
export const StoryPinDataJson = z.object({
  id: z.string(),
  page_count: z.number(),
  static_page_count: z.number(),
  total_video_duration: z.number(),
  metadata: StoryMetadataJson,
  pages: z.array(StoryPageJson),
});
