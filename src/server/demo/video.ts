import fsp from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../media/ffmpeg.ts';
import { canvasOf, paintPicture, type Aspect } from './painters/paint.ts';
import { createRandom } from './random.ts';
import type { SubjectSlug } from './subjects.ts';

/** Four seconds at 24 frames: long enough to play, short enough to make in a second or two. */
const SECONDS = 4;
const FPS = 24;
const FRAMES = SECONDS * FPS;
const ZOOM = 0.15;
const TIMEOUT_MS = 60_000;

/** Frame sizes: 480 on the short side, like a phone clip scaled for the web. */
function frameOf(aspect: Aspect): { width: number; height: number } {
  const landscape = aspect === '16:9' || aspect === '3:2';
  return canvasOf(aspect, landscape ? 854 : 480);
}

/**
 * A video pin's source clip: the subject's picture, painted at twice the frame size, with a slow
 * zoom towards a point chosen by the seed (ffmpeg's zoompan), encoded as H.264 MP4 with one
 * thread and bit-exact flags so the same seed gives the same file. The clip then goes through the
 * media pipeline like any upload (720p rendition, HLS, thumbnail).
 */
export async function makeDemoVideo(subject: SubjectSlug, seed: string, aspect: Aspect, workDir: string): Promise<string> {
  const frame = frameOf(aspect);
  const still = path.join(workDir, 'still.png');
  const out = path.join(workDir, 'clip.mp4');
  await fsp.writeFile(still, await paintPicture(subject, seed, canvasOf(aspect, frame.width * 2)));
  const random = createRandom(`video/${seed}`);
  const focusX = random.between(0.2, 0.8).toFixed(2);
  const focusY = random.between(0.2, 0.8).toFixed(2);
  const zoompan = [
    `z='1+${ZOOM}*on/${FRAMES}'`,
    `x='(iw-iw/zoom)*${focusX}'`,
    `y='(ih-ih/zoom)*${focusY}'`,
    `d=${FRAMES}`,
    `s=${frame.width}x${frame.height}`,
    `fps=${FPS}`,
  ].join(':');
  await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'image2',
      '-i',
      still,
      '-vf',
      `zoompan=${zoompan},format=yuv420p`,
      '-frames:v',
      String(FRAMES),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-threads',
      '1',
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      out,
    ],
    TIMEOUT_MS,
  );
  return out;
}
