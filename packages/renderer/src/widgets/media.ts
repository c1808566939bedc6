import type { Widget } from '@apm/contract';
import {
  isHttpUrl,
  releaseMedia,
  safePlay,
  type MountedWidget,
  type WidgetContext,
  type WidgetMount,
} from './context.js';
import type { Showing } from '../play-reporter.js';
import { lockMedia } from './media-lock.js';

/**
 * Plays a list of materials one after another in one media element; `loop` starts again after
 * the last. An item that fails to load is skipped; when every item fails, it stops. With
 * `materialIds` (videos), each item played is reported for proof of play. In lockstep a
 * one-file list keeps to the shared clock (a longer list plays from the scene's start, unlocked:
 * where it should be depends on every file's duration).
 */
function playlist(
  media: HTMLMediaElement,
  urls: string[],
  loop: boolean,
  applyVolume: () => void,
  ctx: WidgetContext,
  widgetId: string,
  materialIds: readonly number[] | null = null,
): MountedWidget {
  const failed = ctx.mediaFailed;
  const unlock = ctx.lockstep && urls.length === 1 ? lockMedia(media, loop, ctx.lockstep, widgetId) : null;
  let index = 0;
  let failures = 0;
  let paused = false;
  let ended = urls.length === 0;
  let showing: Showing | undefined;
  const load = (i: number) => {
    index = i;
    showing?.end();
    const materialId = materialIds?.[i];
    showing = materialId ? ctx.plays?.begin({ kind: 'material', materialId }, !paused) : undefined;
    media.src = urls[i]!;
    applyVolume();
    if (!paused) safePlay(media);
  };
  const advance = () => {
    if (index + 1 < urls.length) load(index + 1);
    else if (loop) load(0);
    else {
      ended = true;
      showing?.end();
    }
  };
  media.loop = loop && urls.length === 1;
  media.addEventListener('ended', advance);
  media.addEventListener('playing', () => (failures = 0));
  media.addEventListener('error', () => {
    if (!media.getAttribute('src')) return;
    // An item that could not be played was not shown.
    showing?.cancel();
    showing = undefined;
    failures += 1;
    if (failures < urls.length) advance();
    else {
      ended = true;
      failed?.(
        `${media.tagName.toLowerCase()}: none of ${urls.length} file(s) could be played (${media.error?.message || `code ${media.error?.code ?? '?'}`})`,
      );
    }
  });
  if (!ended) load(0);
  return {
    pause() {
      paused = true;
      media.pause();
      showing?.pause();
    },
    resume() {
      paused = false;
      if (!ended) safePlay(media);
      showing?.resume();
    },
    volumeChanged: applyVolume,
    destroy() {
      showing?.end();
      unlock?.();
      media.removeEventListener('ended', advance);
      releaseMedia(media);
      media.remove();
    },
  };
}

/** Video playlist: muted or not, looping or not, fitted into the box. */
export const mountVideo: WidgetMount<'video'> = (el, widget: Widget<'video'>, ctx: WidgetContext) => {
  const video = el.ownerDocument.createElement('video');
  video.className = 'apm-fill';
  video.style.objectFit = widget.props.fit;
  video.playsInline = true;
  video.muted = widget.props.muted;
  video.setAttribute('playsinline', '');
  el.appendChild(video);
  const urls = widget.props.items.map((item) => ctx.resolveMaterialUrl(item.materialId));
  return playlist(
    video,
    urls,
    widget.props.loop,
    () => {
      video.volume = ctx.volume();
    },
    ctx,
    widget.id,
    widget.props.items.map((item) => item.materialId),
  );
};

/** Background music: an invisible audio playlist at the widget's volume times the master volume. */
export const mountAudio: WidgetMount<'audio'> = (el, widget: Widget<'audio'>, ctx: WidgetContext) => {
  const audio = el.ownerDocument.createElement('audio');
  el.appendChild(audio);
  const urls = widget.props.items.map((item) => ctx.resolveMaterialUrl(item.materialId));
  return playlist(
    audio,
    urls,
    widget.props.loop,
    () => {
      audio.volume = Math.min(1, Math.max(0, (widget.props.volume / 100) * ctx.volume()));
    },
    ctx,
    widget.id,
  );
};

/** HLS live stream: native HLS where the browser has it, otherwise hls.js (loaded on first use). */
export const mountLive: WidgetMount<'live'> = (el, widget: Widget<'live'>, ctx: WidgetContext) => {
  const video = el.ownerDocument.createElement('video');
  video.className = 'apm-fill';
  video.style.objectFit = 'contain';
  video.muted = widget.props.muted;
  video.playsInline = true;
  video.volume = ctx.volume();
  el.appendChild(video);
  let paused = false;
  let destroyed = false;
  let hls: { destroy(): void } | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const start = async () => {
    if (!isHttpUrl(widget.props.url)) return;
    // hls.js wherever Media Source Extensions exist (the same player everywhere); the
    // browser's own HLS only where they do not (older iOS Safari).
    const win = el.ownerDocument.defaultView as (Window & { ManagedMediaSource?: unknown }) | null;
    const mse = !!win && ('MediaSource' in win || 'ManagedMediaSource' in win);
    const Hls = mse ? (await import('hls.js')).default : null;
    if (destroyed) return;
    if (!Hls || !Hls.isSupported()) {
      if (video.canPlayType('application/vnd.apple.mpegurl')) {
        el.dataset.engine = 'native';
        video.src = widget.props.url;
        if (!paused) safePlay(video);
      }
      return;
    }
    const instance = new Hls({ liveDurationInfinity: true });
    hls = instance;
    el.dataset.engine = 'hls.js';
    instance.on(Hls.Events.MANIFEST_PARSED, () => {
      if (!paused) safePlay(video);
    });
    instance.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      // A stream that drops (network, decoder) is retried from scratch after a pause.
      instance.destroy();
      hls = null;
      if (!destroyed) retry = setTimeout(() => void start(), 5000);
    });
    instance.loadSource(widget.props.url);
    instance.attachMedia(video);
  };
  void start();
  return {
    pause() {
      paused = true;
      video.pause();
    },
    resume() {
      paused = false;
      safePlay(video);
    },
    volumeChanged() {
      video.volume = ctx.volume();
    },
    destroy() {
      destroyed = true;
      if (retry) clearTimeout(retry);
      hls?.destroy();
      releaseMedia(video);
      video.remove();
    },
  };
};
