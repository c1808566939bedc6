import { makeThumb } from './image.js';
import type { JobContext } from './job.js';
import { FFMPEG_COMMON, ffmpegWithProgress, probe, type MediaInfo } from './probe.js';
import { JobAborted, ProcessingError } from './tools.js';

/** Pixel formats every H.264 decoder of a terminal plays (8-bit 4:2:0). */
const PLAYABLE_PIXEL_FORMATS = ['yuv420p', 'yuvj420p'];

/** Audio codecs terminals play as they are. */
const PLAYABLE_AUDIO = ['aac', 'mp3'];

/** Whether terminals play the video as it is: H.264 (8-bit 4:2:0) with AAC or no audio, in MP4. */
export function isPlayableVideo(info: MediaInfo): boolean {
  const mp4 = info.formatName.split(',').includes('mp4') && info.majorBrand !== 'qt';
  return (
    mp4 &&
    info.video?.codec_name === 'h264' &&
    PLAYABLE_PIXEL_FORMATS.includes(info.video.pix_fmt ?? '') &&
    (!info.audio || info.audio.codec_name === 'aac')
  );
}

/** Extracts one frame of stream `index` at `seconds` as a full-size JPEG. */
async function extractFrame(ctx: JobContext, index: number, seconds: number): Promise<string> {
  return ctx.produce(ctx.derived('poster.jpg'), async (tmp) => {
    await ctx.tools.run(
      'ffmpeg',
      [
        ...FFMPEG_COMMON,
        ...(seconds > 0 ? ['-ss', seconds.toFixed(3)] : []),
        '-i',
        ctx.source,
        '-map',
        `0:${index}`,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        tmp,
      ],
      { timeoutMs: 120_000, signal: ctx.signal },
    );
  });
}

/** The poster (at 1 s, or 10 % of a shorter video) and its thumbnail; the first frame when seeking fails. */
async function posterAndThumb(ctx: JobContext, index: number, durationMs: number | null): Promise<void> {
  const at = durationMs ? Math.min(1, (durationMs / 1000) * 0.1) : 0;
  try {
    ctx.result.posterPath = await extractFrame(ctx, index, at);
  } catch (err) {
    if (at === 0 || err instanceof JobAborted || /needs /.test((err as Error).message)) throw err;
    ctx.result.posterPath = await extractFrame(ctx, index, 0);
  }
  ctx.result.thumbPath = await makeThumb(ctx, ctx.absolute(ctx.result.posterPath));
}

/** Video: probe, poster frame and thumbnail, and an H.264/AAC MP4 when terminals cannot play the original. */
export async function processVideo(ctx: JobContext): Promise<void> {
  const info = await probe(ctx);
  if (!info.video) throw new ProcessingError('no video stream found in the file');
  Object.assign(ctx.result, { durationMs: info.durationMs, width: info.width, height: info.height });
  ctx.result.meta.videoCodec = info.video.codec_name;
  if (info.audio?.codec_name) ctx.result.meta.audioCodec = info.audio.codec_name;
  if (info.fps) ctx.result.meta.fps = info.fps;
  ctx.progress(5);
  await ctx.tools.require('ffmpeg');
  await posterAndThumb(ctx, info.video.index, info.durationMs);
  ctx.progress(10);
  if (isPlayableVideo(info)) return;
  ctx.result.convertedPath = await ctx.produce(ctx.derived('converted.mp4'), (tmp) =>
    ffmpegWithProgress(
      ctx,
      [
        '-i',
        ctx.source,
        '-map',
        `0:${info.video!.index}`,
        '-map',
        '0:a:0?',
        '-sn',
        '-dn',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        // H.264 4:2:0 needs even dimensions.
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        tmp,
      ],
      info.durationMs,
      10,
      99,
    ),
  );
}

/** Audio: probe, embedded cover art as poster, and AAC (.m4a) unless the original is MP3 or AAC. */
export async function processAudio(ctx: JobContext): Promise<void> {
  const info = await probe(ctx);
  if (!info.audio) throw new ProcessingError('no audio stream found in the file');
  ctx.result.durationMs = info.durationMs;
  if (info.audio.codec_name) ctx.result.meta.audioCodec = info.audio.codec_name;
  ctx.progress(5);
  if (info.cover) {
    await ctx.tools.require('ffmpeg');
    try {
      await posterAndThumb(ctx, info.cover.index, null);
    } catch (err) {
      // A broken cover picture does not make the sound unplayable.
      if (err instanceof JobAborted || /needs /.test((err as Error).message)) throw err;
      ctx.result.posterPath = ctx.result.thumbPath = null;
    }
  }
  ctx.progress(10);
  if (PLAYABLE_AUDIO.includes(info.audio.codec_name ?? '')) return;
  ctx.result.convertedPath = await ctx.produce(ctx.derived('converted.m4a'), (tmp) =>
    ffmpegWithProgress(
      ctx,
      [
        '-i',
        ctx.source,
        '-map',
        '0:a:0',
        '-vn',
        '-c:a',
        'aac',
        '-b:a',
        '192k',
        '-movflags',
        '+faststart',
        tmp,
      ],
      info.durationMs,
      10,
      99,
    ),
  );
}
