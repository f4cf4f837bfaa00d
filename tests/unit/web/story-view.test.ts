import { describe, expect, it } from 'vitest';
import { isMediaBlock, StoryPage, type StoryPageJson, type StoryPlacedBlock } from '../../../src/shared/story-pin.ts';
import { storyBlockOf } from '../../../src/web/story/story-graphql.ts';
import { bandsOf, pageForKey, pageViewOf } from '../../../src/web/story/story-view.ts';
import type { GraphQLStoryBlock } from '../../../src/shared/contracts/graphql.ts';

const image = (size: string, width: number) => ({
  url: `https://x.example/${size}.jpg`,
  width,
  height: Math.round((width * 16) / 9),
  dominant_color: '#123456',
});

describe('story pages on the closeup', () => {
  it('turn with the arrows in the reading direction, Page Up and Down, Home and End, and stop at the ends', () => {
    expect(pageForKey('ArrowRight', 0, 3, false)).toBe(1);
    expect(pageForKey('ArrowLeft', 1, 3, false)).toBe(0);
    expect(pageForKey('ArrowLeft', 0, 3, false)).toBe(0);
    expect(pageForKey('ArrowRight', 2, 3, false)).toBe(2);
    expect(pageForKey('ArrowLeft', 0, 3, true)).toBe(1);
    expect(pageForKey('PageDown', 0, 3, false)).toBe(1);
    expect(pageForKey('End', 0, 3, false)).toBe(2);
    expect(pageForKey('Home', 2, 3, false)).toBe(0);
    expect(pageForKey('Enter', 1, 3, false)).toBeNull();
  });

  it('stack blocks in their bands in order, and keep blocks placed by hand where they were put', () => {
    const page = StoryPage.parse({
      blocks: [
        { type: 'heading', text: 'Top one' },
        { type: 'paragraph', text: 'Bottom', vertical: 'bottom' },
        { type: 'text', text: 'Top two' },
        { type: 'supply', items: ['Tape'], vertical: 'center' },
        { type: 'paragraph', text: 'Placed', vertical: 'bottom', edits: { left: 0.2, top: 0.7 } },
      ],
    });
    const bands = bandsOf(page.blocks.filter((b): b is StoryPlacedBlock => !isMediaBlock(b)));
    const words = (list: typeof bands.top) => list.map((b) => ('text' in b ? b.text : b.type));
    expect([words(bands.top), words(bands.center), words(bands.bottom), words(bands.placed)]).toEqual([
      ['Top one', 'Top two'],
      ['supply'],
      ['Bottom'],
      ['Placed'],
    ]);
  });

  it('draw a picture page with its sized sources, a video page with its MP4 and poster, a processing one as such', () => {
    const base = { background_color: '#FFFFFF', layout: 'fill' as const, images: null };
    const picture: StoryPageJson = {
      ...base,
      blocks: [
        {
          type: 'image',
          media_id: '1',
          status: 'ready',
          images: { '236x': image('236x', 236), '736x': image('736x', 736) },
          video_list: null,
          dominant_color: null,
        },
      ],
    };
    expect(pageViewOf(picture).media).toMatchObject({
      kind: 'image',
      src: 'https://x.example/736x.jpg',
      srcSet: 'https://x.example/236x.jpg 236w, https://x.example/736x.jpg 736w',
    });
    const mp4 = { url: 'https://x.example/v.mp4', width: 720, height: 1280, duration: 3000, thumbnail: null };
    const video: StoryPageJson = {
      ...base,
      blocks: [{ type: 'video', media_id: '2', status: 'ready', images: { '736x': image('736x', 736) }, video_list: { V_720P: mp4 }, dominant_color: null }],
    };
    expect(pageViewOf(video).media).toEqual({ kind: 'video', src: 'https://x.example/v.mp4', poster: 'https://x.example/736x.jpg' });
    const waiting: StoryPageJson = {
      ...base,
      blocks: [{ type: 'image', media_id: '3', status: 'processing', images: null, video_list: null, dominant_color: null }],
    };
    expect(pageViewOf(waiting).media).toEqual({ kind: 'processing' });
    expect(pageViewOf({ ...base, blocks: [] }).media).toBeNull();
  });

  it('read a block of the closeup query by its kind, and leave out a kind it does not know', () => {
    const flat: GraphQLStoryBlock = {
      type: 'link',
      text: 'Recipe',
      heading: null,
      items: null,
      url: 'https://x.example/r',
      size: null,
      color: null,
      highlight: null,
      textCase: null,
      align: 'center',
      vertical: 'bottom',
      edits: null,
      mediaId: null,
      status: null,
      images: null,
      video: null,
    };
    expect(storyBlockOf(flat)).toEqual({ type: 'link', text: 'Recipe', url: 'https://x.example/r', align: 'center', vertical: 'bottom', edits: null });
    expect(storyBlockOf({ ...flat, type: 'music_sticker' })).toBeNull();
  });
});
