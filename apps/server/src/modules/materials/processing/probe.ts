import type { JobContext } from './job.js';
import { ProcessingError } from './tools.js';

/** One stream as ffprobe describes it (the fields we read). */
interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** What processing needs to know about a media file. */
export interface MediaInfo {
  /** ffprobe's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  /** `major_brand` tag of MP4/MOV (`qt  ` for QuickTime). */
  majorBrand: string | undefined;
  durationMs: number | null;
  /** The first real video stream (not cover art). */
  video: ProbeStream | undefined;
  /** Cover art embedded in an audio file. */
  cover: ProbeStream | undefined;
  audio: ProbeStream | undefined;
  /** Displayed size (rotation metadata applied). */
  width: number | null;
  height: number | null;
  fps: number | null;
}

/** Runs ffprobe (JSON) on the original file. */
export async function probe(ctx: JobContext): Promise<MediaInfo> {
  await ctx.tools.require('ffprobe');
  const out = await ctx.tools.run(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ctx.source],
    { timeoutMs: 120_000, signal: ctx.signal },
  );
  let json: { format?: { format_name?: string; duration?: string; tags?: Record<string, string> } };
  let streams: ProbeStream[];
  try {
    json = JSON.parse(out);
    streams = (json as { streams?: ProbeStream[] }).streams ?? [];
  } catch {
    throw new ProcessingError('ffprobe answered unreadable output');
  }
  const isCover = (s: ProbeStream) => s.disposition?.attached_pic === 1;
  const video = streams.find((s) => s.codec_type === 'video' && !isCover(s));
  const cover = streams.find((s) => s.codec_type === 'video' && isCover(s));
  const audio = streams.find((s) => s.codec_type === 'audio');
  const seconds = Number(json.format?.duration ?? video?.duration ?? audio?.duration);
  const rotation = Math.abs(
    Number(
      video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
    ),
  );
  const sideways = rotation % 180 === 90;
  const width = video?.width ?? null;
  const height = video?.height ?? null;
  return {
    formatName: json.format?.format_name ?? '',
    majorBrand: json.format?.tags?.major_brand?.trim(),
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    video,
    cover,
    audio,
    width: sideways ? height : width,
    height: sideways ? width : height,
    fps: frameRate(video?.avg_frame_rate) ?? frameRate(video?.r_frame_rate),
  };
}

/** `30000/1001` → 29.97; `0/0` → null. */
function frameRate(raw: string | undefined): number | null {
  if (!raw) return null;
  const [num, den = '1'] = raw.split('/');
  const rate = Number(num) / Number(den);
  return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 100) / 100 : null;
}

/** Options every ffmpeg run starts with: quiet, no stdin, overwrite (into a temporary name). */
export const FFMPEG_COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/**
 * Runs an ffmpeg conversion with `-progress pipe:1`, mapping its `out_time_us` against the
 * duration onto the progress range [from, to]. The time-out grows with the duration.
 */
export async function ffmpegWithProgress(
  ctx: JobContext,
  args: string[],
  durationMs: number | null,
  from: number,
  to: number,
): Promise<void> {
  await ctx.tools.require('ffmpeg');
  const total = durationMs ?? 0;
  let pending = '';
  await ctx.tools.run('ffmpeg', FFMPEG_COMMON.concat('-nostats', '-progress', 'pipe:1', args), {
    // A 2-core server encodes `veryfast` H.264 at least at a few times slower than real time.
    timeoutMs: 10 * 60_000 + 8 * total,
    signal: ctx.signal,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && total > 0) {
          const done = Math.min(1, Number(match[1]) / 1000 / total);
          ctx.progress(from + (to - from) * done);
        }
      }
    },
  });
}
