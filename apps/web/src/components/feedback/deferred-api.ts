/**
 * antd's App feedback API (`message`, `notification`, `modal`) standing in until antd's own is
 * loaded: the sign-in page does not need its code before someone acts, so it loads on first use
 * (or once signed in). Each call waits for the real API and is replayed on it; what a call
 * answers (a message's close function, a dialog's destroy/update, their promises) follows the
 * real one.
 */
import type { useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** What `App.useApp()` answers. */
export type FeedbackApi = useAppProps;

// The real answers are thenables: wrapped, so that awaiting the call does not await the answer.
type Boxed<T> = Promise<{ value: T }>;

/** What a boxed thenable settles to (a message closing, a dialog answered). */
function settled(boxed: Boxed<{ then: (done: (result: boolean) => void, failed: () => void) => unknown }>) {
  return boxed.then(({ value }) => new Promise<boolean>((resolve, reject) => value.then(resolve, reject)));
}

function deferredMessage(boxed: Boxed<MessageType>): MessageType {
  const closed = settled(boxed);
  return Object.assign(() => void boxed.then(({ value }) => value()), { then: closed.then.bind(closed) });
}

type ModalKind = 'info' | 'success' | 'error' | 'warning' | 'confirm';
type MessageKind = 'info' | 'success' | 'error' | 'warning' | 'loading';
type NotificationKind = 'info' | 'success' | 'error' | 'warning' | 'open';

/** A feedback API whose calls wait for `ready()` (which starts loading the real one) and replay on it. */
export function deferredFeedbackApi(ready: () => Promise<FeedbackApi>): FeedbackApi {
  const boxed = <T>(call: (api: FeedbackApi) => T): Boxed<T> => ready().then((api) => ({ value: call(api) }));

  const message = {
    open: (args) => deferredMessage(boxed((api) => api.message.open(args))),
    destroy: (key) => void ready().then((api) => api.message.destroy(key)),
  } as MessageInstance;
  for (const kind of ['info', 'success', 'error', 'warning', 'loading'] satisfies MessageKind[]) {
    message[kind] = (...args) => deferredMessage(boxed((api) => api.message[kind](...args)));
  }

  const notification = {
    destroy: (key) => void ready().then((api) => api.notification.destroy(key)),
  } as NotificationInstance;
  for (const kind of ['info', 'success', 'error', 'warning', 'open'] satisfies NotificationKind[]) {
    notification[kind] = (args) => void ready().then((api) => api.notification[kind](args));
  }

  const modal = {} as ModalHookAPI;
  for (const kind of ['info', 'success', 'error', 'warning', 'confirm'] satisfies ModalKind[]) {
    modal[kind] = (props) => {
      const opened = boxed((api) => api.modal[kind](props));
      return {
        destroy: () => void opened.then(({ value }) => value.destroy()),
        update: (change) => void opened.then(({ value }) => value.update(change)),
        then: <T>(onDone: (confirmed: boolean) => T, onFail: () => void) =>
          settled(opened).then(onDone, onFail) as Promise<T>,
      };
    };
  }
  return { message, notification, modal };
}
