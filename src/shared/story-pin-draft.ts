import type { UploadStatus } from './pin-draft.ts';
import {
  STORY_BACKGROUND_DEFAULT,
  STORY_LIMITS,
  STORY_TEXT_DEFAULTS,
  STORY_TEXT_SIZES,
  type StoryAlign,
  type StoryLayout,
  type StoryPinInputFields,
  type StoryTextCase,
  type StoryVertical,
} from './story-pin.ts';

/**
 * The pin builder's story draft (business spec "Story pin item" and "Story pin block"): pages
 * with a background colour, one picture or video and text blocks, a cover, and the rules for
 * adding, removing and reordering them. Pure: the caller gives each new page and block its key.
 */

export type StoryDraftText = {
  key: string;
  type: 'heading' | 'paragraph';
  text: string;
  size: number;
  color: string;
  highlight: string | null;
  align: StoryAlign;
  vertical: StoryVertical;
  text_case: StoryTextCase;
};

export type StoryDraftMedia = { id: string; kind: 'image' | 'video' };

export type StoryDraftPage = {
  key: string;
  background_color: string;
  layout: StoryLayout;
  media: StoryDraftMedia | null;
  texts: StoryDraftText[];
};

/** `cover`: the page whose picture is the pin's cover; none chosen means the first with one. */
export type StoryDraft = { pages: StoryDraftPage[]; selected: string; cover: string | null };

/** Text blocks a page may hold beside its picture or video. */
export const STORY_DRAFT_TEXTS_MAX = STORY_LIMITS.blocksPerPage - 1;

export function newStoryPage(key: string): StoryDraftPage {
  return { key, background_color: STORY_BACKGROUND_DEFAULT, layout: 'fill', media: null, texts: [] };
}

export function newStoryDraft(firstPageKey: string): StoryDraft {
  return { pages: [newStoryPage(firstPageKey)], selected: firstPageKey, cover: null };
}

/** A heading is large, a paragraph the spec's default size; both the spec's colour and highlight. */
export function newStoryText(key: string, type: StoryDraftText['type']): StoryDraftText {
  return {
    key,
    type,
    text: '',
    size: type === 'heading' ? STORY_TEXT_SIZES.lg : STORY_TEXT_DEFAULTS.size,
    color: STORY_TEXT_DEFAULTS.color,
    highlight: STORY_TEXT_DEFAULTS.highlight,
    align: 'left',
    vertical: type === 'heading' ? 'top' : 'bottom',
    text_case: 'none',
  };
}

export function canAddStoryPage(draft: StoryDraft): boolean {
  return draft.pages.length < STORY_LIMITS.pages;
}

/** A new page after the selected one, selected; nothing past the page limit. */
export function addStoryPage(draft: StoryDraft, key: string): StoryDraft {
  if (!canAddStoryPage(draft)) return draft;
  const at = draft.pages.findIndex((p) => p.key === draft.selected) + 1;
  const pages = [...draft.pages.slice(0, at), newStoryPage(key), ...draft.pages.slice(at)];
  return { ...draft, pages, selected: key };
}

/** The only page stays; removing the selected page selects its neighbour; a removed cover is unchosen. */
export function removeStoryPage(draft: StoryDraft, key: string): StoryDraft {
  const index = draft.pages.findIndex((p) => p.key === key);
  if (index < 0 || draft.pages.length === 1) return draft;
  const pages = draft.pages.filter((p) => p.key !== key);
  const neighbour = pages[Math.min(index, pages.length - 1)]?.key ?? draft.selected;
  return { pages, selected: draft.selected === key ? neighbour : draft.selected, cover: draft.cover === key ? null : draft.cover };
}

/** Moves a page `offset` places (-1 earlier, 1 later), staying within the story. */
export function moveStoryPage(draft: StoryDraft, key: string, offset: number): StoryDraft {
  const from = draft.pages.findIndex((p) => p.key === key);
  const to = Math.max(0, Math.min(draft.pages.length - 1, from + offset));
  if (from < 0 || from === to) return draft;
  const pages = [...draft.pages];
  const [moved] = pages.splice(from, 1);
  if (moved) pages.splice(to, 0, moved);
  return { ...draft, pages };
}

type PageChange = Partial<Pick<StoryDraftPage, 'background_color' | 'layout' | 'media'>>;

export function changeStoryPage(draft: StoryDraft, key: string, change: PageChange): StoryDraft {
  return { ...draft, pages: draft.pages.map((p) => (p.key === key ? { ...p, ...change } : p)) };
}

export function addStoryText(draft: StoryDraft, pageKey: string, text: StoryDraftText): StoryDraft {
  return {
    ...draft,
    pages: draft.pages.map((p) => (p.key === pageKey && p.texts.length < STORY_DRAFT_TEXTS_MAX ? { ...p, texts: [...p.texts, text] } : p)),
  };
}

export function changeStoryText(draft: StoryDraft, pageKey: string, textKey: string, change: Partial<Omit<StoryDraftText, 'key'>>): StoryDraft {
  const edit = (p: StoryDraftPage) => ({ ...p, texts: p.texts.map((t) => (t.key === textKey ? { ...t, ...change } : t)) });
  return { ...draft, pages: draft.pages.map((p) => (p.key === pageKey ? edit(p) : p)) };
}

export function removeStoryText(draft: StoryDraft, pageKey: string, textKey: string): StoryDraft {
  return { ...draft, pages: draft.pages.map((p) => (p.key === pageKey ? { ...p, texts: p.texts.filter((t) => t.key !== textKey) } : p)) };
}

/** Text blocks left blank are not part of the story. */
function writtenTexts(page: StoryDraftPage): StoryDraftText[] {
  return page.texts.filter((t) => t.text.trim() !== '');
}

/** The page whose picture is the cover: the chosen one while it has media, else the first that has. */
export function storyCoverPage(draft: StoryDraft): StoryDraftPage | null {
  const chosen = draft.pages.find((p) => p.key === draft.cover && p.media !== null);
  return chosen ?? draft.pages.find((p) => p.media !== null) ?? null;
}

export type StoryDraftProblem = 'emptyPage' | 'noCover';

/** Why the draft cannot be published yet: a page with nothing on it, or no picture for the cover. */
export function storyDraftProblem(draft: StoryDraft): StoryDraftProblem | null {
  if (draft.pages.some((p) => p.media === null && writtenTexts(p).length === 0)) return 'emptyPage';
  if (storyCoverPage(draft) === null) return 'noCover';
  return null;
}

/** The story_pin_data a pin create sends: each page's media block first, then its written texts. */
export function storyDraftInput(draft: StoryDraft): StoryPinInputFields {
  return {
    pages: draft.pages.map((page) => ({
      background_color: page.background_color,
      layout: page.layout,
      blocks: [...(page.media ? [{ type: page.media.kind, media_id: page.media.id }] : []), ...writtenTexts(page).map(({ key: _key, ...text }) => text)],
    })),
    metadata: {},
  };
}

/**
 * Where the story's files stand, for Publish (which waits as for one pin's file): sending while
 * any page's is, failed while any failed, processing while any is, else ready; none with no file.
 */
export function storyUploadStatus(statuses: readonly UploadStatus[]): UploadStatus | null {
  for (const status of ['uploading', 'failed', 'processing', 'ready'] as const) if (statuses.includes(status)) return status;
  return null;
}
