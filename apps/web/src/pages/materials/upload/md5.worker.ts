/** Web Worker computing a file's MD5 off the main thread (instant upload), with progress. */
import { md5OfBlob, type Md5Reply, type Md5Request } from './md5-hash';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Md5Request>) => void) | null;
  postMessage(message: Md5Reply): void;
};

scope.onmessage = (event) => {
  const reply = (message: Md5Reply) => scope.postMessage(message);
  md5OfBlob(event.data.file, (bytes) => reply({ type: 'progress', bytes })).then(
    (md5) => reply({ type: 'done', md5 }),
    (error: unknown) =>
      reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
};
