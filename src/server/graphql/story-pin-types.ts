import { GraphQLFloat, GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import type { StoryBlockJson, StoryMediaImage, StoryMetadata, StoryPageJson, StoryPinDataJson } from '../../shared/story-pin.ts';
import type { GraphQLContext } from './schema.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';

/*
 * Pin.storyPinData (viewer spec section 3, "Story pin"): pages with their layout, images and
 * blocks, the metadata, and the counts, resolved from the REST presenter's story_pin_data.
 */

const text = { type: new GraphQLNonNull(GraphQLString) };
const optionalText = { type: GraphQLString };
const count = { type: new GraphQLNonNull(GraphQLInt) };
const texts = { type: new GraphQLList(new GraphQLNonNull(GraphQLString)) };

type Sized = StoryMediaImage & { size: string };
const sized = (images: Record<string, StoryMediaImage> | null): Sized[] | null =>
  images ? Object.entries(images).map(([size, image]) => ({ size, ...image })) : null;

const MetadataType = new GraphQLObjectType<StoryMetadata>({
  name: 'StoryPinMetadata',
  fields: {
    pinTitle: { ...optionalText, resolve: (m) => m.pin_title },
    templateType: { ...optionalText, description: 'recipe or diy', resolve: (m) => m.template_type },
    basics: {
      type: new GraphQLObjectType<NonNullable<StoryMetadata['basics']>>({
        name: 'StoryPinBasics',
        fields: {
          keyValueBlocks: {
            type: new GraphQLNonNull(
              new GraphQLList(new GraphQLNonNull(new GraphQLObjectType({ name: 'StoryPinKeyValue', fields: { key: text, value: text } }))),
            ),
            resolve: (b) => b.key_value_blocks,
          },
          listBlocks: {
            type: new GraphQLNonNull(
              new GraphQLList(new GraphQLNonNull(new GraphQLObjectType({ name: 'StoryPinListBasics', fields: { heading: text, items: texts } }))),
            ),
            resolve: (b) => b.list_blocks,
          },
        },
      }),
    },
  },
});

const EditsType = new GraphQLObjectType<{ left: number; top: number; scale: number; rotate: number }>({
  name: 'StoryPinBlockEdits',
  description: 'Where a block was placed by hand: left and top as fractions of the page, scale, rotation in degrees.',
  fields: {
    left: { type: new GraphQLNonNull(GraphQLFloat) },
    top: { type: new GraphQLNonNull(GraphQLFloat) },
    scale: { type: new GraphQLNonNull(GraphQLFloat) },
    rotate: { type: new GraphQLNonNull(GraphQLFloat) },
  },
});

const VideoType = new GraphQLObjectType<{ url: string; width: number; height: number; duration: number; thumbnail: string | null; hls: string | null }>({
  name: 'StoryPinVideo',
  description: 'A video page: the 720p MP4, its HLS playlist, and its duration in milliseconds.',
  fields: {
    url: text,
    hlsUrl: { ...optionalText, resolve: (v) => v.hls },
    width: count,
    height: count,
    duration: { type: new GraphQLNonNull(GraphQLFloat) },
    thumbnail: optionalText,
  },
});

/** A field of one kind of block, null on the others. */
function of(key: string) {
  return (b: StoryBlockJson): unknown => (key in b ? (b as unknown as Record<string, unknown>)[key] : null);
}

function blockType(image: GraphQLObjectType) {
  return new GraphQLObjectType<StoryBlockJson>({
    name: 'StoryPinBlock',
    description: 'heading, paragraph, text, link, image, video, list, ingredient or supply; the fields of other kinds are null.',
    fields: {
      type: text,
      text: { ...optionalText, resolve: of('text') },
      heading: { ...optionalText, resolve: of('heading') },
      items: { ...texts, resolve: of('items') },
      url: { ...optionalText, resolve: of('url') },
      size: { type: GraphQLInt, resolve: of('size') },
      color: { ...optionalText, resolve: of('color') },
      highlight: { ...optionalText, resolve: of('highlight') },
      textCase: { ...optionalText, resolve: of('text_case') },
      align: { ...optionalText, resolve: of('align') },
      vertical: { ...optionalText, resolve: of('vertical') },
      edits: { type: EditsType, resolve: of('edits') },
      mediaId: { type: GraphQLID, resolve: of('media_id') },
      status: { ...optionalText, description: 'Media blocks: processing, ready or failed.', resolve: of('status') },
      images: { type: new GraphQLList(new GraphQLNonNull(image)), resolve: (b) => ('images' in b ? sized(b.images) : null) },
      video: {
        type: VideoType,
        resolve: (b) => {
          const mp4 = 'video_list' in b ? b.video_list?.['V_720P'] : undefined;
          return mp4 && 'video_list' in b ? { ...mp4, hls: b.video_list?.['V_HLSV4']?.url ?? null } : null;
        },
      },
    },
  });
}

function storyType(image: GraphQLObjectType) {
  const PageType = new GraphQLObjectType<StoryPageJson>({
    name: 'StoryPinPage',
    fields: {
      layout: { ...text, description: 'fill (the picture covers the 9:16 page) or fit (whole, on the background)' },
      backgroundColor: { ...text, resolve: (p) => p.background_color },
      images: { type: new GraphQLList(new GraphQLNonNull(image)), description: "The page's picture, or its video's poster.", resolve: (p) => sized(p.images) },
      blocks: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(blockType(image)))) },
    },
  });
  return new GraphQLObjectType<StoryPinDataJson>({
    name: 'StoryPinData',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      pageCount: { ...count, resolve: (s) => s.page_count },
      staticPageCount: { ...count, description: 'Pages without a video.', resolve: (s) => s.static_page_count },
      totalVideoDuration: { type: new GraphQLNonNull(GraphQLFloat), description: 'Milliseconds.', resolve: (s) => s.total_video_duration },
      metadata: { type: new GraphQLNonNull(MetadataType) },
      pages: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PageType))) },
    },
  });
}

/** The story fields of PinType (pin-types.ts), built once with its Image type. */
export function storyPinFields(image: GraphQLObjectType): GraphQLFieldConfigMap<PinJson, GraphQLContext> {
  return {
    storyPinDataId: { type: GraphQLID, resolve: (p) => p.story_pin_data_id },
    storyPinData: { type: storyType(image), description: 'Story pins only.', resolve: (p) => p.story_pin_data },
  };
}

/** A story pin's fields as its closeup (CloseupDetailQuery) shows them: every page, block and count. */
export const STORY_PIN_FRAGMENT = /* GraphQL */ `
  fragment StoryPin on Pin {
    storyPinDataId
    storyPinData {
      id
      pageCount
      staticPageCount
      totalVideoDuration
      metadata {
        pinTitle
        templateType
        basics {
          keyValueBlocks {
            key
            value
          }
          listBlocks {
            heading
            items
          }
        }
      }
      pages {
        layout
        backgroundColor
        images {
          ...ImageSize
        }
        blocks {
          type
          text
          heading
          items
          url
          size
          color
          highlight
          textCase
          align
          vertical
          edits {
            left
            top
            scale
            rotate
          }
          mediaId
          status
          images {
            ...ImageSize
          }
          video {
            url
            hlsUrl
            width
            height
            duration
            thumbnail
          }
        }
      }
    }
  }
`;
