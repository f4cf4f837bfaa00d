import { z } from 'zod';
import type { StoryPinRow } from '../db/schema/stories-and-reactions.ts';
import type { Deps } from '../deps.ts';
import {
  isMediaBlock,
  pageMedia,
  staticPageCount,
  storyMediaIds,
  StoryMetadata,
  StoryPage,
  type StoryBlockJson,
  type StoryPageJson,
  type StoryPinDataJson,
  type StoryPinInput,
} from '../../shared/story-pin.ts';
import { loadMediaViews, type MediaView } from '../media/media-views.ts';
import { storyPinRows } from './story.repo.ts';

const StoredPages = z.array(StoryPage);

/** Stored pages as written by createStoryPin, parsed with the schema they were checked with. */
export function readStoredPages(json: string): StoryPinInput['pages'] {
  return StoredPages.parse(JSON.parse(json));
}

function readStory(row: StoryPinRow): StoryPinInput {
  return { pages: readStoredPages(row.pages), metadata: StoryMetadata.parse(JSON.parse(row.metadata)) };
}

function presentPage(page: StoryPinInput['pages'][number], media: Map<string, MediaView>): StoryPageJson {
  const blocks = page.blocks.map((block): StoryBlockJson => {
    if (!isMediaBlock(block)) return block;
    const view = media.get(block.media_id);
    return {
      ...block,
      status: view?.status ?? null,
      images: view?.images ?? null,
      video_list: view?.videos?.video_list ?? null,
      dominant_color: view?.dominant_color ?? null,
    };
  });
  const shown = pageMedia(page);
  return { ...page, images: shown ? (media.get(shown.media_id)?.images ?? null) : null, blocks };
}

/** The length of every video the story shows, in milliseconds (0 while one is still processing). */
function totalVideoDuration(story: StoryPinInput, media: Map<string, MediaView>): number {
  return story.pages.reduce((sum, page) => {
    const shown = pageMedia(page);
    return shown?.type === 'video' ? sum + (media.get(shown.media_id)?.videos?.video_list['V_720P']?.duration ?? 0) : sum;
  }, 0);
}

/**
 * Pin.story_pin_data of the story pins among `pinIds`, keyed by pin id: one query for the stories
 * and one for all their media (through the media views every pin list uses). Ordinary pins cost
 * the first query only.
 */
export async function loadStoryPins(deps: Deps, pinIds: readonly string[]): Promise<Map<string, StoryPinDataJson>> {
  const out = new Map<string, StoryPinDataJson>();
  const rows = await storyPinRows(deps.db, pinIds);
  if (rows.length === 0) return out;
  const stories = rows.map((row) => ({ row, story: readStory(row) }));
  const media = await loadMediaViews(
    deps,
    stories.flatMap(({ story }) => storyMediaIds(story)),
  );
  for (const { row, story } of stories) {
    out.set(row.pin_id, {
      id: row.id,
      page_count: story.pages.length,
      static_page_count: staticPageCount(story),
      total_video_duration: totalVideoDuration(story, media),
      metadata: story.metadata,
      pages: story.pages.map((page) => presentPage(page, media)),
    });
  }
  return out;
}
