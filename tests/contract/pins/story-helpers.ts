import sharp from 'sharp';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import type { Deps } from '../../../src/server/deps.ts';
import type { StoryPinDataJson, StoryPinInputFields } from '../../../src/shared/story-pin.ts';
import type { TestUser } from '../../support/factories.ts';

export type StoryPinJson = {
  id: string;
  title: string;
  media_id: string | null;
  is_video: boolean;
  images: Record<string, { url: string }> | null;
  story_pin_data_id: string | null;
  story_pin_data: StoryPinDataJson | null;
};

let shade = 0;

/** A fresh processed picture of the user's own (each call a new upload). */
export async function uploadPicture(deps: Deps, user: TestUser): Promise<string> {
  shade = (shade + 37) % 256;
  const png = await sharp({ create: { width: 45, height: 80, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
    .png()
    .toBuffer();
  return (await ingestImage(deps, user.actor, png, { inline: true })).id;
}

/**
 * A video of the user's own, as the pipeline leaves one: an upload whose row carries the
 * renditions and a poster (the files are not needed here; ffmpeg is not either).
 */
export async function uploadVideo(deps: Deps, user: TestUser, durationMs = 4000): Promise<string> {
  const id = await uploadPicture(deps, user);
  const rendition = { key: `vid/${id}/720p-x.mp4`, width: 360, height: 640, duration_ms: durationMs };
  await deps.db
    .updateTable('media')
    .set({
      kind: 'video',
      duration_ms: durationMs,
      videos: JSON.stringify({ V_720P: rendition, V_HLSV4: { ...rendition, key: `vid/${id}/hls-x/index.m3u8` } }),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Three pages: a picture with a heading, a video, and words alone on a coloured page. */
export function threePages(picture: string, video: string): StoryPinInputFields {
  return {
    pages: [
      {
        blocks: [
          { type: 'image', media_id: picture },
          { type: 'heading', text: 'Gather everything' },
        ],
      },
      {
        layout: 'fit',
        blocks: [
          { type: 'video', media_id: video },
          { type: 'paragraph', text: 'Whisk until smooth', vertical: 'bottom', align: 'center' },
        ],
      },
      {
        background_color: '#fde2e4',
        blocks: [
          { type: 'ingredient', heading: 'You need', items: ['2 eggs', '100 g flour'] },
          { type: 'link', text: 'Full recipe', url: 'https://example.org/crepes' },
        ],
      },
    ],
    metadata: { pin_title: 'Crêpes', template_type: 'recipe', basics: { key_value_blocks: [{ key: 'Serves', value: '4' }], list_blocks: [] } },
  };
}
