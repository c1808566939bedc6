/**
 * Runs one task of the queue: MD5 in a Web Worker, the MD5 check, then either the instant link
 * (no bytes sent) or a resumable tus upload. Reports through `dispatch`; after `signal` aborts
 * (cancel) it reports nothing more and stops the worker or the upload.
 */
import { API_BASE, MATERIAL_TUS_PATH, MATERIAL_UPLOAD_CHUNK_BYTES } from '@apm/contract';
import { DetailedError, Upload } from 'tus-js-client';
import { RequestError } from '../../../services/request';
import type { Md5Reply } from './md5-hash';
import { instantUpload, md5Check } from './upload-api';
import { responseMessage, shouldRetryStatus } from './upload-errors';
import type { UploadEvent, UploadTask } from './upload-tasks';

/** Waits between tus retries of a dropped connection or a 5xx (4xx answers are final). */
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

class Cancelled extends Error {}

/** The file's MD5 from the worker, reporting progress; the worker stops on abort. */
function hashInWorker(file: File, onProgress: (bytes: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new Cancelled());
    };
    signal.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.bytes);
      else if (reply.type === 'done') {
        finish();
        resolve(reply.md5);
      } else {
        finish();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'MD5 worker failed'));
    };
    worker.postMessage({ file });
  });
}

/** Uploads the bytes with tus, resuming an earlier upload of the same content to the same folder. */
function tusUpload(task: UploadTask, md5: string, onProgress: (bytes: number) => void, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const metadata: Record<string, string> = { filename: task.name, md5 };
    if (task.folderId !== null) metadata.folderId = String(task.folderId);
    // A cancel terminates (the server drops the partial file and its reservation against the
    // quota); leaving the page only pauses, so choosing the file again resumes it.
    const stop = () => upload.abort(signal.reason !== 'unmount').catch(() => undefined);
    let started = false;
    const upload = new Upload(task.file, {
      endpoint: API_BASE + MATERIAL_TUS_PATH,
      chunkSize: MATERIAL_UPLOAD_CHUNK_BYTES,
      retryDelays: TUS_RETRY_DELAYS,
      metadata,
      // Same content to the same folder resumes, whichever File object carries it (e.g. after a reload).
      fingerprint: async () => ['apm-material', md5, task.size, task.folderId ?? 'root'].join('-'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => shouldRetryStatus(error.originalResponse?.getStatus() ?? 0),
      // Cancelled while the creation was under way: the upload exists now, so it can be terminated.
      onUploadUrlAvailable: () => void (signal.aborted && stop()),
      onProgress: (sent) => onProgress(sent),
      onSuccess: () => resolve(),
      onError: (error) => {
        const res = error instanceof DetailedError ? error.originalResponse : null;
        reject(res ? new Error(responseMessage(res.getStatus(), res.getBody())) : error);
      },
    });
    signal.addEventListener(
      'abort',
      () => {
        reject(new Cancelled());
        // Without an upload URL yet, aborting would leave the server's new upload behind:
        // onUploadUrlAvailable terminates it once the creation answers.
        if (upload.url !== null || !started) void stop();
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal.aborted) return;
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        started = true;
        upload.start();
      })
      .catch(reject);
  });
}

/** Text of a failure for the task list: the server's message when it gave one. */
function failureText(error: unknown): string {
  if (error instanceof RequestError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Works one started task (state `hashing`) to its end. Answers the final state reached, or null
 * when cancelled.
 */
export async function runUploadTask(
  task: UploadTask,
  dispatch: (event: UploadEvent) => void,
  signal: AbortSignal,
): Promise<'done' | 'instant' | 'failed' | null> {
  const id = task.id;
  const emit = (event: UploadEvent) => {
    if (!signal.aborted) dispatch(event);
  };
  try {
    const md5 = await hashInWorker(task.file, (bytes) => emit({ type: 'hashProgress', id, bytes }), signal);
    emit({ type: 'hashed', id, md5 });
    const check = await md5Check(md5, task.size, signal);
    if (check.exists) {
      try {
        await instantUpload({ md5, size: task.size, name: task.name, folderId: task.folderId }, signal);
        emit({ type: 'instant', id });
        return signal.aborted ? null : 'instant';
      } catch (error) {
        // Gone between the check and the link (deleted meanwhile): send the bytes instead.
        if (!(error instanceof RequestError && error.status === 404)) throw error;
      }
    }
    emit({ type: 'checked', id, held: false });
    await tusUpload(task, md5, (bytes) => emit({ type: 'uploadProgress', id, bytes }), signal);
    emit({ type: 'done', id });
    return signal.aborted ? null : 'done';
  } catch (error) {
    if (signal.aborted || error instanceof Cancelled) return null;
    emit({ type: 'failed', id, error: failureText(error) });
    return 'failed';
  }
}
