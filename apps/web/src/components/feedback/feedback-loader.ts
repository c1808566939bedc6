/**
 * When antd's feedback code loads: on the first feedback call, or when asked ahead
 * ({@link preloadFeedback}: the signed-in pages, which will use it). {@link DeferredApp} renders
 * the holders once their chunk is there and hands the real API over ({@link feedbackDelivered}).
 */
import type { FeedbackApi } from './deferred-api';

/** One mounted {@link DeferredApp}'s loading state. */
interface LoadState {
  requested: boolean;
  request?: () => void;
  delivered: Promise<FeedbackApi>;
  deliver: (api: FeedbackApi) => void;
}

function freshState(): LoadState {
  let deliver: (api: FeedbackApi) => void = () => undefined;
  const delivered = new Promise<FeedbackApi>((resolve) => {
    deliver = resolve;
  });
  return { requested: false, delivered, deliver };
}

let state = freshState();

/** Starts loading antd's feedback code (once) and answers its API when it is there. */
export function preloadFeedback(): Promise<FeedbackApi> {
  if (!state.requested) {
    state.requested = true;
    state.request?.();
  }
  return state.delivered;
}

/**
 * For {@link DeferredApp}: `load` runs at once if the feedback code was asked for already, else on
 * the first request. Answers what to call on unmount: the holders go with it, so the next
 * DeferredApp starts afresh.
 */
export function onFeedbackRequest(load: () => void): () => void {
  state.request = load;
  if (state.requested) load();
  return () => {
    if (state.request === load) state = freshState();
  };
}

/** For {@link DeferredApp}: the real API, once its holders are mounted. */
export function feedbackDelivered(api: FeedbackApi): void {
  state.deliver(api);
}

/** For {@link DeferredApp}: after the holders' chunk failed to load, the next request tries again. */
export function feedbackLoadFailed(): void {
  state.requested = false;
}
