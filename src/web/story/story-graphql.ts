import type {
  StoryAlign,
  StoryBlockJson,
  StoryLayout,
  StoryMediaBlockJson,
  StoryMediaImage,
  StoryMediaVideo,
  StoryMetadata,
  StoryPageJson,
  StoryPinDataJson,
  StoryTextCase,
  StoryVertical,
} from '../../shared/story-pin.ts';
import type { GraphQLImage, GraphQLStoryBlock, GraphQLStoryPinData } from '../../shared/contracts/graphql.ts';

/*
 * CloseupDetailQuery's storyPinData (src/server/graphql/story-pin-types.ts, camel case) as
 * PinResource presents story_pin_data, so a closeup opened from the query shows the same pages.
 */

function imagesOf(list: GraphQLImage[] | null): Record<string, StoryMediaImage> | null {
  if (!list) return null;
  return Object.fromEntries(list.map((i) => [i.size, { url: i.url, width: i.width, height: i.height, dominant_color: i.dominantColor }]));
}

function mediaBlock(b: GraphQLStoryBlock, type: 'image' | 'video'): StoryBlockJson {
  const images = imagesOf(b.images);
  return {
    type,
    media_id: b.mediaId ?? '',
    status: statusOf(b.status),
    images,
    video_list: videoListOf(b.video),
    dominant_color: b.images?.[0]?.dominantColor ?? null,
  };
}

/** The MP4 and, when there is one, the HLS playlist, as the video_list of the media presenter. */
function videoListOf(v: GraphQLStoryBlock['video']): Record<string, StoryMediaVideo> | null {
  if (!v) return null;
  const rendition = (url: string): StoryMediaVideo => ({ url, width: v.width, height: v.height, duration: v.duration, thumbnail: v.thumbnail });
  return v.hlsUrl ? { V_720P: rendition(v.url), V_HLSV4: rendition(v.hlsUrl) } : { V_720P: rendition(v.url) };
}

function statusOf(status: string | null): StoryMediaBlockJson['status'] {
  return status === 'processing' || status === 'ready' || status === 'failed' ? status : null;
}

/** A block from the query's flat shape: the fields of its kind, as the REST presenter has them. */
export function storyBlockOf(b: GraphQLStoryBlock): StoryBlockJson | null {
  const placement = { align: (b.align ?? 'left') as StoryAlign, vertical: (b.vertical ?? 'top') as StoryVertical, edits: b.edits };
  switch (b.type) {
    case 'image':
    case 'video':
      return mediaBlock(b, b.type);
    case 'heading':
    case 'paragraph':
    case 'text':
      return {
        type: b.type,
        text: b.text ?? '',
        size: b.size ?? 28,
        color: b.color ?? '#111111',
        highlight: b.highlight,
        text_case: (b.textCase ?? 'none') as StoryTextCase,
        ...placement,
      };
    case 'link':
      return { type: 'link', text: b.text ?? '', url: b.url ?? '', ...placement };
    case 'list':
    case 'ingredient':
    case 'supply':
      return { type: b.type, heading: b.heading ?? '', items: b.items ?? [], ...placement };
    default:
      // A kind this client does not know yet is left out rather than drawn wrong.
      return null;
  }
}

function metadataOf(m: GraphQLStoryPinData['metadata']): StoryMetadata {
  const template = m.templateType === 'recipe' || m.templateType === 'diy' ? m.templateType : null;
  const basics = m.basics && {
    key_value_blocks: m.basics.keyValueBlocks,
    list_blocks: m.basics.listBlocks.map(({ heading, items }) => ({ heading, items: items ?? [] })),
  };
  return { pin_title: m.pinTitle, template_type: template, basics };
}

export function storyPinDataOf(data: GraphQLStoryPinData): StoryPinDataJson {
  const pages = data.pages.map((page): StoryPageJson => ({
    layout: page.layout as StoryLayout,
    background_color: page.backgroundColor,
    images: imagesOf(page.images),
    blocks: page.blocks.flatMap((b) => storyBlockOf(b) ?? []),
  }));
  return {
    id: data.id,
    page_count: data.pageCount,
    static_page_count: data.staticPageCount,
    total_video_duration: data.totalVideoDuration,
    metadata: metadataOf(data.metadata),
    pages,
  };
}
