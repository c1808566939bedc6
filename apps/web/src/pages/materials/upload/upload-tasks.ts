/**
 * The upload queue as a pure state machine: one task per file, moved through
 * queued → hashing → checking → (instant | uploading → processing → done), or to failed / cancelled,
 * by a reducer that the uploader component drives from the worker, the MD5 check and tus events.
 * No I/O here, so every transition is unit-tested.
 */

/** Where one file is. `instant`: the server already held the bytes and linked them, none were sent. */
export type UploadState =
  | 'queued'
  | 'hashing'
  | 'checking'
  | 'uploading'
  | 'processing'
  | 'done'
  | 'instant'
  | 'failed'
  | 'cancelled';

/** States in which a task is being worked on (counts against the concurrency). */
export const ACTIVE_STATES: readonly UploadState[] = ['hashing', 'checking', 'uploading', 'processing'];
/** States a task never leaves by itself. */
export const FINAL_STATES: readonly UploadState[] = ['done', 'instant', 'failed', 'cancelled'];

/** Files worked on at the same time. */
export const UPLOAD_CONCURRENCY = 3;

/** One file of the queue. */
export interface UploadTask {
  id: string;
  file: File;
  /** Name shown and sent (a dropped folder's files keep their relative path for display). */
  name: string;
  /** Path relative to the dropped or chosen folder ('photos/a.png'); the name alone for a loose file. */
  path: string;
  size: number;
  folderId: number | null;
  state: UploadState;
  /** Bytes hashed so far. */
  hashed: number;
  /** Bytes the server has accepted so far. */
  sent: number;
  md5: string | null;
  /** Server's (or the local check's) reason, when failed. */
  error: string | null;
}

/** A file to add, with its path relative to the dropped or chosen folder (its name when loose). */
export interface NewFile {
  file: File;
  path: string;
}

/** What can happen to the queue. */
export type UploadEvent =
  | { type: 'add'; files: readonly NewFile[]; folderId: number | null; ids: readonly string[] }
  | { type: 'start'; id: string }
  | { type: 'hashProgress'; id: string; bytes: number }
  | { type: 'hashed'; id: string; md5: string }
  | { type: 'checked'; id: string; held: boolean }
  | { type: 'instant'; id: string }
  | { type: 'uploadProgress'; id: string; bytes: number }
  | { type: 'done'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'cancel'; id: string }
  | { type: 'cancelAll' }
  | { type: 'retry'; id: string }
  | { type: 'clearFinished' };

/** Whether a task is being worked on. */
export const isActive = (task: UploadTask): boolean => ACTIVE_STATES.includes(task.state);
/** Whether a task has ended (successfully or not). */
export const isFinal = (task: UploadTask): boolean => FINAL_STATES.includes(task.state);

/** Transitions allowed by each event kind that moves one task: event → states it applies in. */
const ALLOWED: Partial<Record<UploadEvent['type'], readonly UploadState[]>> = {
  start: ['queued'],
  hashProgress: ['hashing'],
  hashed: ['hashing'],
  checked: ['checking'],
  instant: ['checking'],
  uploadProgress: ['uploading', 'processing'],
  done: ['uploading', 'processing'],
  failed: ['queued', 'hashing', 'checking', 'uploading', 'processing'],
  cancel: ['queued', 'hashing', 'checking', 'uploading', 'processing'],
  retry: ['failed', 'cancelled'],
};

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.floor(value)));

function step(
  task: UploadTask,
  event: Exclude<UploadEvent, { type: 'add' | 'cancelAll' | 'clearFinished' }>,
) {
  switch (event.type) {
    case 'start':
      return { ...task, state: 'hashing' as const, hashed: 0, sent: 0, error: null };
    case 'hashProgress':
      return { ...task, hashed: Math.max(task.hashed, clamp(event.bytes, task.size)) };
    case 'hashed':
      return { ...task, state: 'checking' as const, hashed: task.size, md5: event.md5 };
    case 'checked':
      // Held: the instant link call is still to come (the task stays in `checking` until it answers).
      return event.held ? task : { ...task, state: 'uploading' as const };
    case 'instant':
      return { ...task, state: 'instant' as const, sent: task.size };
    case 'uploadProgress': {
      const sent = Math.max(task.sent, clamp(event.bytes, task.size));
      // Every byte is out: the server verifies the MD5 and the content and stores the file.
      return { ...task, sent, state: sent >= task.size ? ('processing' as const) : task.state };
    }
    case 'done':
      return { ...task, state: 'done' as const, sent: task.size };
    case 'failed':
      return { ...task, state: 'failed' as const, error: event.error };
    case 'cancel':
      return { ...task, state: 'cancelled' as const };
    case 'retry':
      return { ...task, state: 'queued' as const, hashed: 0, sent: 0, error: null };
  }
}

/** Applies one event to the queue; events that do not fit a task's state change nothing. */
export function uploadReducer(tasks: readonly UploadTask[], event: UploadEvent): UploadTask[] {
  switch (event.type) {
    case 'add':
      return [
        ...tasks,
        ...event.files.map((f, i) => ({
          id: event.ids[i] ?? `${Date.now()}-${i}`,
          file: f.file,
          name: f.file.name,
          path: f.path,
          size: f.file.size,
          folderId: event.folderId,
          state: 'queued' as const,
          hashed: 0,
          sent: 0,
          md5: null,
          error: null,
        })),
      ];
    case 'cancelAll':
      return tasks.map((t) => (isFinal(t) ? t : { ...t, state: 'cancelled' as const }));
    case 'clearFinished':
      return tasks.filter((t) => !isFinal(t));
    default: {
      const index = tasks.findIndex((t) => t.id === event.id);
      const task = tasks[index];
      if (!task || !ALLOWED[event.type]?.includes(task.state)) return tasks as UploadTask[];
      const next = [...tasks];
      next[index] = step(task, event);
      return next;
    }
  }
}

/** Queued tasks to start now so that at most `limit` are active, oldest first. */
export function tasksToStart(tasks: readonly UploadTask[], limit = UPLOAD_CONCURRENCY): UploadTask[] {
  const room = limit - tasks.filter(isActive).length;
  if (room <= 0) return [];
  return tasks.filter((t) => t.state === 'queued').slice(0, room);
}

/** Progress of one task in percent: hashing first (0-100), then the upload (0-100). */
/**
 * Which phase a task's bar shows: reading the file for its fingerprint (hashing, then the server's
 * check of it), or sending its bytes. The two are labelled apart, so that a fingerprint read to the
 * end is not taken for a finished upload.
 */
export function taskPhase(task: UploadTask): 'hash' | 'upload' {
  return task.state === 'queued' || task.state === 'hashing' || task.state === 'checking' ? 'hash' : 'upload';
}

export function taskPercent(task: UploadTask): number {
  if (task.state === 'done' || task.state === 'instant') return 100;
  if (task.state === 'checking') return 100;
  if (task.size === 0) return 0;
  const bytes = task.state === 'hashing' || task.state === 'queued' ? task.hashed : task.sent;
  return Math.floor((bytes / task.size) * 100);
}

/** Overall progress: bytes finished (done, instant, or accepted so far) of all files not cancelled. */
export function overallProgress(tasks: readonly UploadTask[]): {
  done: number;
  total: number;
  percent: number;
} {
  let done = 0;
  let total = 0;
  for (const task of tasks) {
    if (task.state === 'cancelled') continue;
    total += task.size;
    done += task.state === 'done' || task.state === 'instant' ? task.size : task.sent;
  }
  return { done, total, percent: total === 0 ? 0 : Math.floor((done / total) * 100) };
}

/** Counts of tasks by state, for the summary line. */
export function countByState(tasks: readonly UploadTask[]): Record<UploadState, number> {
  const counts = Object.fromEntries(
    ['queued', ...ACTIVE_STATES, ...FINAL_STATES].map((s) => [s, 0]),
  ) as Record<UploadState, number>;
  for (const task of tasks) counts[task.state] += 1;
  return counts;
}

/** The local refusal of a file, before any request: empty, or over the upload limit (the server checks too). */
export function localRefusal(size: number, uploadLimitBytes: number | null): 'empty' | 'tooLarge' | null {
  if (size <= 0) return 'empty';
  if (uploadLimitBytes !== null && size > uploadLimitBytes) return 'tooLarge';
  return null;
}
