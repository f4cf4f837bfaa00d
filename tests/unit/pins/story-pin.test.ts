import { describe, expect, it } from 'vitest';
import {
  addStoryPage,
  addStoryText,
  changeStoryPage,
  changeStoryText,
  moveStoryPage,
  newStoryDraft,
  newStoryText,
  removeStoryPage,
  removeStoryText,
  storyCoverPage,
  storyDraftInput,
  storyDraftProblem,
  storyUploadStatus,
  STORY_DRAFT_TEXTS_MAX,
  type StoryDraft,
} from '../../../src/shared/story-pin-draft.ts';
import { defaultCover, staticPageCount, storyMediaIds, StoryPinInput, STORY_ASPECT_RATIO, STORY_LIMITS } from '../../../src/shared/story-pin.ts';

const image = (id: string) => ({ type: 'image' as const, media_id: id });

describe('story pin schema', () => {
  it('fills the spec defaults: white pages, text size 28 in #111111 on a #FFFFFF highlight, 9:16', () => {
    const story = StoryPinInput.parse({ pages: [{ blocks: [image('1'), { type: 'paragraph', text: ' Mix well \n' }] }] });
    expect(STORY_ASPECT_RATIO).toMatchObject({ width: 9, height: 16 });
    expect(story.pages[0]).toEqual({
      background_color: '#FFFFFF',
      layout: 'fill',
      blocks: [
        image('1'),
        {
          type: 'paragraph',
          text: 'Mix well',
          size: 28,
          color: '#111111',
          highlight: '#FFFFFF',
          text_case: 'none',
          align: 'left',
          vertical: 'top',
          edits: null,
        },
      ],
    });
    expect(story.metadata).toEqual({ pin_title: null, template_type: null, basics: null });
  });

  it('keeps a block placed by hand, with its scale and rotation defaulted', () => {
    const story = StoryPinInput.parse({ pages: [{ blocks: [{ type: 'heading', text: 'Hi', edits: { left: 0.1, top: 0.5 } }] }] });
    expect(story.pages[0]?.blocks[0]).toMatchObject({ edits: { left: 0.1, top: 0.5, scale: 1, rotate: 0 } });
    expect(StoryPinInput.safeParse({ pages: [{ blocks: [{ type: 'heading', text: 'Hi', edits: { left: 2, top: 0 } }] }] }).success).toBe(false);
  });

  it('refuses more than 20 pages, 10 blocks a page, two pictures on a page, unknown blocks and foreign fields', () => {
    const pages = (n: number) => Array.from({ length: n }, () => ({ blocks: [image('1')] }));
    expect(StoryPinInput.safeParse({ pages: pages(STORY_LIMITS.pages) }).success).toBe(true);
    expect(StoryPinInput.safeParse({ pages: pages(STORY_LIMITS.pages + 1) }).error?.issues[0]?.message).toBe('A story pin has at most 20 pages.');
    const texts = Array.from({ length: STORY_LIMITS.blocksPerPage + 1 }, () => ({ type: 'text', text: 'x' }));
    expect(StoryPinInput.safeParse({ pages: [{ blocks: texts }] }).error?.issues[0]?.message).toBe('A page has at most 10 blocks.');
    expect(StoryPinInput.safeParse({ pages: [{ blocks: [image('1'), { type: 'video', media_id: '2' }] }] }).error?.issues[0]?.message).toBe(
      'A page holds at most one picture or video.',
    );
    expect(StoryPinInput.safeParse({ pages: [{ blocks: [{ type: 'product_sticker', media_id: '2' }] }] }).error?.issues[0]?.message).toBe(
      'Unknown block type.',
    );
    expect(StoryPinInput.safeParse({ pages: [{ blocks: [image('1')], canvas_json: '{}' }] }).success).toBe(false);
  });

  it('normalises colours to upper case and refuses other notations', () => {
    expect(StoryPinInput.parse({ pages: [{ background_color: '#fde2e4', blocks: [image('1')] }] }).pages[0]?.background_color).toBe('#FDE2E4');
    for (const colour of ['red', '#fff', 'rgb(0,0,0)', '#12345g'])
      expect(StoryPinInput.safeParse({ pages: [{ background_color: colour, blocks: [image('1')] }] }).success, colour).toBe(false);
  });

  it('counts static pages, lists each media once and takes the first as the default cover', () => {
    const story = StoryPinInput.parse({
      pages: [
        { blocks: [{ type: 'text', text: 'Intro' }] },
        { blocks: [{ type: 'video', media_id: '7' }] },
        { blocks: [image('5')] },
        { blocks: [image('7')] },
      ],
    });
    expect(staticPageCount(story)).toBe(3);
    expect(storyMediaIds(story)).toEqual(['7', '5']);
    expect(defaultCover(story)).toBe('7');
    expect(defaultCover(StoryPinInput.parse({ pages: [{ blocks: [{ type: 'text', text: 'Only words' }] }] }))).toBeNull();
  });
});

describe('story pin draft', () => {
  const withPages = (): StoryDraft => addStoryPage(addStoryPage(newStoryDraft('a'), 'b'), 'c');

  it('adds a page after the selected one and selects it, up to 20 pages', () => {
    let draft = withPages();
    expect(draft.pages.map((p) => p.key)).toEqual(['a', 'b', 'c']);
    draft = addStoryPage({ ...draft, selected: 'a' }, 'd');
    expect(draft.pages.map((p) => p.key)).toEqual(['a', 'd', 'b', 'c']);
    expect(draft.selected).toBe('d');
    expect(draft.pages[1]).toMatchObject({ background_color: '#FFFFFF', layout: 'fill', media: null, texts: [] });
    for (let i = 0; i < 30; i++) draft = addStoryPage(draft, `x${i}`);
    expect(draft.pages).toHaveLength(STORY_LIMITS.pages);
  });

  it('removes a page, selecting its neighbour, never the last one, and forgets it as the cover', () => {
    const draft = { ...withPages(), selected: 'c', cover: 'c' };
    const removed = removeStoryPage(draft, 'c');
    expect(removed).toMatchObject({ selected: 'b', cover: null });
    expect(removed.pages.map((p) => p.key)).toEqual(['a', 'b']);
    expect(removeStoryPage(removeStoryPage(removed, 'a'), 'b').pages.map((p) => p.key)).toEqual(['b']);
  });

  it('reorders pages one place at a time, within the story', () => {
    const draft = withPages();
    expect(moveStoryPage(draft, 'c', -1).pages.map((p) => p.key)).toEqual(['a', 'c', 'b']);
    expect(moveStoryPage(draft, 'a', 1).pages.map((p) => p.key)).toEqual(['b', 'a', 'c']);
    expect(moveStoryPage(draft, 'a', -1)).toBe(draft);
    expect(moveStoryPage(draft, 'c', 1)).toBe(draft);
  });

  it('gives new text the spec colour and highlight, a heading large at the top, a paragraph 28 at the bottom', () => {
    expect(newStoryText('h', 'heading')).toMatchObject({ size: 40, color: '#111111', highlight: '#FFFFFF', vertical: 'top' });
    expect(newStoryText('p', 'paragraph')).toMatchObject({ size: 28, color: '#111111', highlight: '#FFFFFF', vertical: 'bottom' });
    let draft = newStoryDraft('a');
    for (let i = 0; i < 12; i++) draft = addStoryText(draft, 'a', newStoryText(`t${i}`, 'paragraph'));
    expect(draft.pages[0]?.texts).toHaveLength(STORY_DRAFT_TEXTS_MAX);
    draft = changeStoryText(draft, 'a', 't0', { text: 'Hello' });
    expect(removeStoryText(draft, 'a', 't1').pages[0]?.texts.map((t) => t.key)).not.toContain('t1');
  });

  it('needs something on every page and a picture for the cover; the chosen cover wins while it has media', () => {
    let draft = withPages();
    expect(storyDraftProblem(draft)).toBe('emptyPage');
    draft = addStoryText(draft, 'a', { ...newStoryText('t', 'heading'), text: 'Words' });
    draft = changeStoryPage(draft, 'b', { media: { id: '11', kind: 'video' } });
    draft = changeStoryPage(draft, 'c', { media: { id: '12', kind: 'image' } });
    expect(storyDraftProblem(draft)).toBeNull();
    expect(storyCoverPage(draft)?.key).toBe('b');
    expect(storyCoverPage({ ...draft, cover: 'c' })?.key).toBe('c');
    expect(storyCoverPage({ ...draft, cover: 'a' })?.key).toBe('b');
    const wordsOnly = addStoryText(newStoryDraft('z'), 'z', { ...newStoryText('t', 'paragraph'), text: 'Hi' });
    expect(storyDraftProblem(wordsOnly)).toBe('noCover');
  });

  it('sends each page’s media first and its written texts, which the schema takes', () => {
    let draft = changeStoryPage(newStoryDraft('a'), 'a', { media: { id: '5', kind: 'image' }, background_color: '#000000', layout: 'fit' });
    draft = addStoryText(draft, 'a', { ...newStoryText('t1', 'heading'), text: 'Step one' });
    draft = addStoryText(draft, 'a', newStoryText('t2', 'paragraph'));
    const input = storyDraftInput(draft);
    expect(input.pages).toEqual([
      {
        background_color: '#000000',
        layout: 'fit',
        blocks: [
          image('5'),
          { type: 'heading', text: 'Step one', size: 40, color: '#111111', highlight: '#FFFFFF', align: 'left', vertical: 'top', text_case: 'none' },
        ],
      },
    ]);
    expect(StoryPinInput.safeParse(input).success).toBe(true);
  });
});

describe('story upload status', () => {
  it('waits while any page’s file is sent, fails while one failed, processes while one is processed', () => {
    expect(storyUploadStatus([])).toBeNull();
    expect(storyUploadStatus(['ready', 'ready'])).toBe('ready');
    expect(storyUploadStatus(['ready', 'processing'])).toBe('processing');
    expect(storyUploadStatus(['processing', 'failed', 'ready'])).toBe('failed');
    expect(storyUploadStatus(['failed', 'uploading'])).toBe('uploading');
  });
});
