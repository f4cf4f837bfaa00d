import type { StoryLayout, StoryPageJson, StoryPlacedBlock, StoryVertical } from '../../shared/story-pin.ts';
import { imageSource } from '../pins/images.ts';

/**
 * One story page as the 9:16 frame draws it: the closeup's pages (from story_pin_data) and the pin
 * builder's preview (from the draft and the local file) both become this, so what the member
 * builds is what readers see.
 */
export type StoryPageMedia =
  | { kind: 'image'; src: string; srcSet?: string; width?: number; height?: number }
  | { kind: 'video'; src: string; poster: string | null }
  /** Still being processed by the server: its place is kept, with a notice. */
  | { kind: 'processing' };

export type StoryPageView = {
  background: string;
  layout: StoryLayout;
  media: StoryPageMedia | null;
  blocks: StoryPlacedBlock[];
};

function mediaOf(page: StoryPageJson): StoryPageMedia | null {
  for (const block of page.blocks) {
    if (block.type !== 'image' && block.type !== 'video') continue;
    const mp4 = block.video_list?.['V_720P'];
    if (block.type === 'video' && mp4) return { kind: 'video', src: mp4.url, poster: block.images?.['736x']?.url ?? null };
    const picture = block.type === 'image' ? imageSource(block.images, '736x') : null;
    return picture ? { kind: 'image', ...picture } : { kind: 'processing' };
  }
  return null;
}

export function pageViewOf(page: StoryPageJson): StoryPageView {
  const blocks = page.blocks.filter((b): b is StoryPlacedBlock => b.type !== 'image' && b.type !== 'video');
  return { background: page.background_color, layout: page.layout, media: mediaOf(page), blocks };
}

export type StoryBands = Record<StoryVertical, StoryPlacedBlock[]> & { placed: StoryPlacedBlock[] };

/** Blocks placed by hand sit where they were put; the others stack in their band, in order. */
export function bandsOf(blocks: readonly StoryPlacedBlock[]): StoryBands {
  const bands: StoryBands = { top: [], center: [], bottom: [], placed: [] };
  for (const block of blocks) (block.edits ? bands.placed : bands[block.vertical]).push(block);
  return bands;
}

/** The next page for a key press: arrows follow the reading direction; Home and End jump. */
export function pageForKey(key: string, index: number, count: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  const last = count - 1;
  if (key === forward || key === 'PageDown') return Math.min(last, index + 1);
  if (key === backward || key === 'PageUp') return Math.max(0, index - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}
