import { correction, ErrorWindow, mediaErrorMs, mediaTarget } from '../lockstep.js';
import type { LockstepFrame } from '../types.js';

/** What a media widget in lockstep asks of the renderer. */
export interface MediaLockHost {
  /** Ms since the scene began on the shared clock at a `performance.now()` instant; null while unknown. */
  sceneOffsetAt(perfMs: number): number | null;
  /** Each presented frame (each tick for sound): how far it was from the loop. */
  onFrame?(frame: LockstepFrame): void;
}

type FrameCallback = (now: number, metadata: { mediaTime: number; expectedDisplayTime: number }) => void;
type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?(callback: FrameCallback): number;
  cancelVideoFrameCallback?(handle: number): void;
};

/** How often sound (or a browser without frame callbacks) is checked, ms. */
const TICK_MS = 100;

/**
 * Keeps a media element at the loop's position: on every presented video frame (its media time
 * and when it is shown) or every {@link TICK_MS} for sound, the error against the loop sets the
 * playback rate; a large error seeks, ahead by what the last seek took. The first frame after it
 * starts (a screen joining mid-scene) or resumes seeks to where the loop is. Answers the detach.
 */
export function lockMedia(
  media: HTMLMediaElement,
  loop: boolean,
  host: MediaLockHost,
  widgetId: string,
): () => void {
  const run = new ErrorWindow();
  let seekingSince: number | null = null;
  let seekLeadS = 0.02;
  let stopped = false;

  // Until in step, the first look seeks for any visible error; after that rate keeps it there.
  let aligned = false;
  const check = (perfAt: number, mediaTimeS: number) => {
    if (stopped || seekingSince !== null) return;
    if (media.paused) {
      aligned = false;
      return;
    }
    const offset = host.sceneOffsetAt(perfAt);
    if (offset === null) return;
    const target = mediaTarget(offset, media.duration, loop);
    if (target === null) return;
    const errorMs = mediaErrorMs(mediaTimeS, target, media.duration, loop);
    host.onFrame?.({ widgetId, errorMs, mediaTimeS, at: perfAt, rate: media.playbackRate });
    if (!aligned) {
      aligned = true;
      const first = correction(errorMs, target, false);
      if ('seekTo' in first) seek(first.seekTo);
      return;
    }
    // A decision per run of readings, on their mean (see ErrorWindow).
    const mean = run.add(errorMs, perfAt);
    if (mean === null) return;
    run.reset();
    const step = correction(mean, target);
    if ('seekTo' in step) seek(step.seekTo);
    else if (media.playbackRate !== step.rate) media.playbackRate = step.rate;
  };

  const seek = (targetS: number) => {
    run.reset();
    media.playbackRate = 1;
    seekingSince = performance.now();
    const to = targetS + seekLeadS;
    media.currentTime = loop ? to % media.duration : Math.min(to, media.duration);
  };
  const onSeeked = () => {
    if (seekingSince === null) return;
    // The next seek leads by what this one took, so it lands where the loop is by then.
    seekLeadS = Math.min(1, Math.max(0, (performance.now() - seekingSince) / 1000));
    seekingSince = null;
  };
  media.addEventListener('seeked', onSeeked);

  const video = media as VideoWithFrames;
  let frameHandle: number | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  if (typeof video.requestVideoFrameCallback === 'function') {
    const onFrame: FrameCallback = () => {
      if (stopped) return;
      // The media clock now, not the shown frame's time: a frame's time moves in steps of a frame
      // (33 ms at 30 fps), too coarse to steer by; the clock moves smoothly between them.
      check(performance.now(), media.currentTime);
      frameHandle = video.requestVideoFrameCallback!(onFrame);
    };
    frameHandle = video.requestVideoFrameCallback(onFrame);
  } else {
    timer = setInterval(() => check(performance.now(), media.currentTime), TICK_MS);
  }

  return () => {
    stopped = true;
    media.removeEventListener('seeked', onSeeked);
    if (frameHandle !== null) video.cancelVideoFrameCallback?.(frameHandle);
    if (timer) clearInterval(timer);
  };
}
