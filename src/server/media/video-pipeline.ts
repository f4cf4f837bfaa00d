import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { runTool, ToolError, type MediaTools } from './ffmpeg.ts';
import { PROBE_TIMEOUT_MS, THUMBNAIL_TIMEOUT_MS, transcodeTimeoutMs, type VideoType } from './limits.ts';
import { planVideoSize } from './sizes.ts';

export type VideoProbe = { durationMs: number; width: number; height: number; hasAudio: boolean };

export type ProcessedVideo = {
  mp4: { file: string; width: number; height: number };
  /** The playlist first, then its segments, all in one folder. */
  hls: { dir: string; files: string[] };
  thumbnail: Buffer;
  durationMs: number;
};

/**
 * The demuxer is forced from the sniffed type, so ffmpeg never guesses a format that reads other
 * files or URLs (an HLS or concat playlist), and only the file protocol is allowed.
 */
function inputArgs(file: string, type: VideoType | 'video/mp4'): string[] {
  return ['-protocol_whitelist', 'file', '-f', type === 'video/webm' ? 'matroska' : 'mov', '-i', file];
}

const StreamInfo = z.object({
  codec_type: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  duration: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
});
const ProbeOutput = z.object({ streams: z.array(StreamInfo), format: z.object({ duration: z.string().optional() }).optional() });

/** Duration and displayed size (rotation applied) of a video; refuses files without a video stream. */
export async function probeVideo(tools: MediaTools, file: string, type: VideoType | 'video/mp4'): Promise<VideoProbe> {
  const output = await toolCall(() =>
    runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(file, type)], PROBE_TIMEOUT_MS, tools),
  );
  const parsed = ProbeOutput.safeParse(JSON.parse(output || '{}'));
  const video = parsed.success ? parsed.data.streams.find((s) => s.codec_type === 'video') : undefined;
  if (!parsed.success || !video?.width || !video.height) throw new AppError('bad_request', 'The video could not be read.');
  const rotation = video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? Number(video.tags?.['rotate'] ?? 0);
  const turned = Math.abs(rotation) % 180 === 90;
  const seconds = Number(parsed.data.format?.duration ?? video.duration ?? 0);
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    hasAudio: parsed.data.streams.some((s) => s.codec_type === 'audio'),
  };
}

/** 720p H.264 MP4 (keyframes every 2 s), HLS cut from it without re-encoding, and a thumbnail frame. */
export async function processVideo(tools: MediaTools, file: string, type: VideoType, workDir: string): Promise<ProcessedVideo> {
  const probe = await probeVideo(tools, file, type);
  const size = planVideoSize(probe.width, probe.height);
  const mp4 = path.join(workDir, 'video.mp4');
  const audio = probe.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an'];
  await toolCall(() =>
    runTool(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-y',
        ...inputArgs(file, type),
        '-map',
        '0:v:0',
        '-vf',
        `scale=${size.width}:${size.height},setsar=1`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-profile:v',
        'main',
        '-pix_fmt',
        'yuv420p',
        '-force_key_frames',
        'expr:gte(t,n_forced*2)',
        ...audio,
        '-map_metadata',
        '-1',
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        mp4,
      ],
      transcodeTimeoutMs(probe.durationMs),
      tools,
    ),
  );
  const rendered = await probeVideo(tools, mp4, 'video/mp4');
  const hlsDir = path.join(workDir, 'hls');
  await fsp.mkdir(hlsDir);
  await toolCall(() =>
    runTool(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-y',
        ...inputArgs(mp4, 'video/mp4'),
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        '4',
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(hlsDir, 'seg-%05d.ts'),
        path.join(hlsDir, 'index.m3u8'),
      ],
      transcodeTimeoutMs(probe.durationMs),
      tools,
    ),
  );
  const segments = (await fsp.readdir(hlsDir)).filter((name) => name.endsWith('.ts')).sort();
  return {
    mp4: { file: mp4, width: rendered.width, height: rendered.height },
    hls: { dir: hlsDir, files: ['index.m3u8', ...segments] },
    thumbnail: await extractThumbnail(tools, mp4, rendered.durationMs, workDir),
    durationMs: rendered.durationMs,
  };
}

/** A frame a second in (or halfway through a shorter video), as PNG for the image pipeline. */
async function extractThumbnail(tools: MediaTools, mp4: string, durationMs: number, workDir: string): Promise<Buffer> {
  const at = Math.min(1, durationMs / 2000).toFixed(3);
  const out = path.join(workDir, 'thumbnail.png');
  await toolCall(() =>
    runTool(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', at, ...inputArgs(mp4, 'video/mp4'), '-frames:v', '1', '-f', 'image2', '-c:v', 'png', out],
      THUMBNAIL_TIMEOUT_MS,
      tools,
    ),
  );
  return fsp.readFile(out).catch(() => {
    throw new AppError('bad_request', 'The video has no frame to show.');
  });
}

/** Tool failures become the reason a media item shows as failed; nothing here crashes the worker. */
async function toolCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    if (error.failure === 'missing') throw new AppError('unavailable', `Video processing is not available on this server: ${error.message}.`);
    if (error.failure === 'timeout') throw new AppError('bad_request', 'Processing the video took too long.');
    throw new AppError('bad_request', 'The video could not be read.');
  }
}
