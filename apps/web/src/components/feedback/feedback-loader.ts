/**
 * When antd's feedback code loads: on the first feedback call, or when asked ahead
 * ({@link preloadFeedback}: the signed-in pages, which will use it). {@link DeferredApp} renders
 * the holders once their chunk is there and hands the real API over ({@link feedbackDelivered}).
 */
import type { FeedbackApi } from './deferred-api';

let requested = false;
let request: (() => void) | undefined;
let deliver: (api: FeedbackApi) => void = () => undefined;
const delivered = new Promise<FeedbackApi>((resolve) => {
  deliver = resolve;
});

/** Starts loading antd's feedback code (once) and answers its API when it is there. */
export function preloadFeedback(): Promise<FeedbackApi> {
  if (!requested) {
    requested = true;
    request?.();
  }
  return delivered;
}

/** For {@link DeferredApp}: `load` runs at once if the feedback code was asked for already, else on the first request. */
export function onFeedbackRequest(load: () => void): void {
  request = load;
  if (requested) load();
}

/** For {@link DeferredApp}: the real API, once its holders are mounted. */
export function feedbackDelivered(api: FeedbackApi): void {
  deliver(api);
}

/** For {@link DeferredApp}: after the holders' chunk failed to load, the next request tries again. */
export function feedbackLoadFailed(): void {
  requested = false;
}
