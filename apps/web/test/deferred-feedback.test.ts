import { describe, expect, it, vi } from 'vitest';
import { deferredFeedbackApi, type FeedbackApi } from '../src/components/feedback/deferred-api';

/** A fake of antd's API: messages close when told, dialogs answer `confirmed`. */
function fakeApi(confirmed = true) {
  const closed: string[] = [];
  const shown: string[] = [];
  const message = {
    error: vi.fn((content: string) => {
      shown.push(content);
      let done: (value: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((resolve) => {
        done = resolve;
      });
      return Object.assign(
        () => {
          closed.push(content);
          done(true);
        },
        { then: promise.then.bind(promise) },
      );
    }),
  };
  const modal = {
    confirm: vi.fn(() => {
      const answer = Promise.resolve(confirmed);
      return { destroy: vi.fn(), update: vi.fn(), then: answer.then.bind(answer) };
    }),
  };
  return {
    api: { message, modal, notification: { info: vi.fn() } } as unknown as FeedbackApi,
    shown,
    closed,
  };
}

describe('deferred feedback API', () => {
  it('loads the real API on the first call only, and replays the call on it', async () => {
    const real = fakeApi();
    const ready = vi.fn(() => Promise.resolve(real.api));
    const api = deferredFeedbackApi(ready);
    expect(ready).not.toHaveBeenCalled();
    void api.message.error('offline');
    expect(ready).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(real.shown).toEqual(['offline']));
  });

  it("answers a close function and a promise that follow the real message's", async () => {
    const real = fakeApi();
    const api = deferredFeedbackApi(() => Promise.resolve(real.api));
    const shown = api.message.error('saved');
    let settled: boolean | undefined;
    void shown.then((value) => {
      settled = value;
    });
    shown();
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(real.closed).toEqual(['saved']);
  });

  it("answers a dialog's choice and forwards destroy", async () => {
    const real = fakeApi(false);
    const api = deferredFeedbackApi(() => Promise.resolve(real.api));
    const dialog = api.modal.confirm({ title: 'Delete?' });
    await expect(new Promise((resolve) => void dialog.then(resolve, () => undefined))).resolves.toBe(false);
    dialog.destroy();
    const opened = real.api.modal.confirm as unknown as {
      mock: { results: { value: { destroy: () => void } }[] };
    };
    await vi.waitFor(() => expect(opened.mock.results[0]?.value.destroy).toHaveBeenCalled());
  });

  it('waits for the real API before showing anything', async () => {
    const real = fakeApi();
    let deliver: (api: FeedbackApi) => void = () => undefined;
    const api = deferredFeedbackApi(() => new Promise<FeedbackApi>((resolve) => (deliver = resolve)));
    void api.message.error('first');
    await Promise.resolve();
    expect(real.shown).toEqual([]);
    deliver(real.api);
    await vi.waitFor(() => expect(real.shown).toEqual(['first']));
  });
});
