/**
 * The uploader's queue as a React hook: the pure reducer of upload-tasks.ts, a scheduler that
 * keeps three files in work, and cancel / retry wired to each running task's AbortController.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { runUploadTask } from './upload-run';
import { isActive, tasksToStart, uploadReducer, type NewFile, type UploadTask } from './upload-tasks';

/** What the uploader component gets from the queue. */
export interface UploadQueue {
  tasks: UploadTask[];
  /** Adds files to a folder; `refuse(file)` answers a reason to fail one at once (checked locally). */
  add(files: readonly NewFile[], folderId: number | null, refuse?: (file: File) => string | null): void;
  cancel(id: string): void;
  cancelAll(): void;
  retry(id: string): void;
  clearFinished(): void;
}

let lastId = 0;

/** The upload queue; `onFinished` is called after each file is stored (uploaded or linked). */
export function useUploadQueue(onFinished: () => void): UploadQueue {
  const [tasks, dispatch] = useReducer(uploadReducer, []);
  const running = useRef(new Map<string, AbortController>());
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  useEffect(() => {
    for (const task of tasksToStart(tasks)) {
      if (running.current.has(task.id)) continue;
      const controller = new AbortController();
      running.current.set(task.id, controller);
      dispatch({ type: 'start', id: task.id });
      void runUploadTask(task, dispatch, controller.signal).then((end) => {
        if (running.current.get(task.id) === controller) running.current.delete(task.id);
        if (end === 'done' || end === 'instant') finished.current();
      });
    }
  }, [tasks]);

  // Leaving the page keeps partial uploads on the server (not terminated): choosing the same file
  // again resumes them. The browser asks before a reload or close while files are in work.
  const busy = tasks.some(isActive);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);
  useEffect(() => {
    const map = running.current;
    return () => map.forEach((controller) => controller.abort('unmount'));
  }, []);

  const stop = useCallback((id: string) => {
    running.current.get(id)?.abort('cancel');
    running.current.delete(id);
  }, []);

  return {
    tasks,
    add: useCallback((files, folderId, refuse) => {
      const ids = files.map(() => `upload-${++lastId}`);
      dispatch({ type: 'add', files, folderId, ids });
      files.forEach(({ file }, i) => {
        const reason = refuse?.(file);
        if (reason) dispatch({ type: 'failed', id: ids[i]!, error: reason });
      });
    }, []),
    cancel: useCallback(
      (id) => {
        stop(id);
        dispatch({ type: 'cancel', id });
      },
      [stop],
    ),
    cancelAll: useCallback(() => {
      [...running.current.keys()].forEach(stop);
      dispatch({ type: 'cancelAll' });
    }, [stop]),
    retry: useCallback((id) => dispatch({ type: 'retry', id }), []),
    clearFinished: useCallback(() => dispatch({ type: 'clearFinished' }), []),
  };
}
