import { describe, expect, it } from 'vitest';
import {
  countByState,
  localRefusal,
  overallProgress,
  taskPercent,
  taskPhase,
  tasksToStart,
  uploadReducer,
  type UploadEvent,
  type UploadTask,
} from '../src/pages/materials/upload/upload-tasks';
import { responseMessage, shouldRetryStatus } from '../src/pages/materials/upload/upload-errors';

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

function queue(...sizes: number[]): UploadTask[] {
  return uploadReducer([], {
    type: 'add',
    files: sizes.map((size, i) => ({ file: file(`f${i}.png`, size), path: `dir/f${i}.png` })),
    folderId: 7,
    ids: sizes.map((_, i) => `t${i}`),
  });
}

const apply = (tasks: UploadTask[], ...events: UploadEvent[]) => events.reduce(uploadReducer, tasks);
const state = (tasks: UploadTask[], id = 't0') => tasks.find((t) => t.id === id)!;

describe('upload queue reducer', () => {
  it('adds queued tasks with name, path, size and folder', () => {
    const [task] = queue(100);
    expect(task).toMatchObject({
      id: 't0',
      name: 'f0.png',
      path: 'dir/f0.png',
      size: 100,
      folderId: 7,
      state: 'queued',
      hashed: 0,
      sent: 0,
      md5: null,
      error: null,
    });
  });

  it('walks hashing → checking → uploading → processing → done with progress', () => {
    let tasks = apply(queue(1000), { type: 'start', id: 't0' });
    expect(state(tasks).state).toBe('hashing');
    tasks = apply(tasks, { type: 'hashProgress', id: 't0', bytes: 400 });
    expect(taskPercent(state(tasks))).toBe(40);
    tasks = apply(tasks, { type: 'hashed', id: 't0', md5: 'abc' });
    expect(state(tasks)).toMatchObject({ state: 'checking', md5: 'abc', hashed: 1000 });
    // A fingerprint read to the end shows as that phase, not as an upload at 100 %.
    expect(taskPhase(state(tasks))).toBe('hash');
    tasks = apply(tasks, { type: 'checked', id: 't0', held: false });
    expect(state(tasks).state).toBe('uploading');
    expect(taskPhase(state(tasks))).toBe('upload');
    expect(taskPercent(state(tasks))).toBe(0);
    tasks = apply(tasks, { type: 'uploadProgress', id: 't0', bytes: 250 });
    expect(taskPercent(state(tasks))).toBe(25);
    tasks = apply(tasks, { type: 'uploadProgress', id: 't0', bytes: 1000 });
    expect(state(tasks).state).toBe('processing');
    tasks = apply(tasks, { type: 'done', id: 't0' });
    expect(state(tasks)).toMatchObject({ state: 'done', sent: 1000 });
    expect(taskPercent(state(tasks))).toBe(100);
  });

  it('a held file stays checking until the link answers, then is instant with no bytes counted as sent over tus', () => {
    let tasks = apply(queue(10), { type: 'start', id: 't0' }, { type: 'hashed', id: 't0', md5: 'x' });
    tasks = apply(tasks, { type: 'checked', id: 't0', held: true });
    expect(state(tasks).state).toBe('checking');
    tasks = apply(tasks, { type: 'instant', id: 't0' });
    expect(state(tasks).state).toBe('instant');
    expect(overallProgress(tasks).percent).toBe(100);
  });

  it('ignores events that do not fit the state (late progress after cancel, done before start)', () => {
    let tasks = apply(queue(100), { type: 'done', id: 't0' });
    expect(state(tasks).state).toBe('queued');
    tasks = apply(tasks, { type: 'start', id: 't0' }, { type: 'cancel', id: 't0' });
    const cancelled = tasks;
    tasks = apply(
      tasks,
      { type: 'hashProgress', id: 't0', bytes: 50 },
      { type: 'hashed', id: 't0', md5: 'm' },
      { type: 'failed', id: 't0', error: 'late' },
    );
    expect(tasks).toBe(cancelled);
    expect(state(tasks)).toMatchObject({ state: 'cancelled', error: null });
    expect(apply(tasks, { type: 'start', id: 'nope' })).toBe(tasks);
  });

  it('progress never goes backwards nor past the size', () => {
    let tasks = apply(queue(100), { type: 'start', id: 't0' }, { type: 'hashProgress', id: 't0', bytes: 60 });
    tasks = apply(tasks, { type: 'hashProgress', id: 't0', bytes: 30 });
    expect(state(tasks).hashed).toBe(60);
    tasks = apply(tasks, { type: 'hashProgress', id: 't0', bytes: 500 });
    expect(state(tasks).hashed).toBe(100);
    tasks = apply(tasks, { type: 'hashed', id: 't0', md5: 'm' }, { type: 'checked', id: 't0', held: false });
    tasks = apply(
      tasks,
      { type: 'uploadProgress', id: 't0', bytes: 70 },
      { type: 'uploadProgress', id: 't0', bytes: 20 },
    );
    expect(state(tasks).sent).toBe(70);
  });

  it('keeps the server message of a failure and retries from the start', () => {
    let tasks = apply(
      queue(100),
      { type: 'start', id: 't0' },
      { type: 'hashed', id: 't0', md5: 'm' },
      { type: 'checked', id: 't0', held: false },
      { type: 'uploadProgress', id: 't0', bytes: 50 },
      { type: 'failed', id: 't0', error: 'File exceeds the upload limit of 400 MB' },
    );
    expect(state(tasks)).toMatchObject({ state: 'failed', error: 'File exceeds the upload limit of 400 MB' });
    tasks = apply(tasks, { type: 'retry', id: 't0' });
    expect(state(tasks)).toMatchObject({ state: 'queued', error: null, sent: 0, hashed: 0 });
  });

  it('retry applies to failed and cancelled tasks only', () => {
    const tasks = apply(queue(100, 100), { type: 'start', id: 't0' });
    expect(apply(tasks, { type: 'retry', id: 't0' })).toBe(tasks);
    const cancelled = apply(tasks, { type: 'cancel', id: 't1' }, { type: 'retry', id: 't1' });
    expect(state(cancelled, 't1').state).toBe('queued');
  });

  it('cancel all cancels every unfinished task and leaves finished ones', () => {
    let tasks = apply(
      queue(10, 10, 10, 10),
      { type: 'start', id: 't0' },
      { type: 'hashed', id: 't0', md5: 'a' },
      { type: 'checked', id: 't0', held: true },
      { type: 'instant', id: 't0' },
      { type: 'start', id: 't1' },
      { type: 'start', id: 't2' },
      { type: 'failed', id: 't2', error: 'bad' },
    );
    tasks = apply(tasks, { type: 'cancelAll' });
    expect(tasks.map((t) => t.state)).toEqual(['instant', 'cancelled', 'failed', 'cancelled']);
    expect(apply(tasks, { type: 'clearFinished' })).toEqual([]);
  });

  it('clear finished keeps tasks in work', () => {
    const tasks = apply(queue(10, 10), { type: 'start', id: 't1' }, { type: 'cancel', id: 't0' });
    expect(apply(tasks, { type: 'clearFinished' }).map((t) => t.id)).toEqual(['t1']);
  });
});

describe('scheduling', () => {
  it('starts at most three at a time, oldest first', () => {
    let tasks = queue(1, 1, 1, 1, 1);
    expect(tasksToStart(tasks).map((t) => t.id)).toEqual(['t0', 't1', 't2']);
    tasks = apply(
      tasks,
      { type: 'start', id: 't0' },
      { type: 'start', id: 't1' },
      { type: 'start', id: 't2' },
    );
    expect(tasksToStart(tasks)).toEqual([]);
    tasks = apply(tasks, { type: 'failed', id: 't1', error: 'x' });
    expect(tasksToStart(tasks).map((t) => t.id)).toEqual(['t3']);
    tasks = apply(tasks, { type: 'cancel', id: 't0' }, { type: 'cancel', id: 't2' });
    expect(tasksToStart(tasks).map((t) => t.id)).toEqual(['t3', 't4']);
    expect(tasksToStart(tasks, 1).map((t) => t.id)).toEqual(['t3']);
  });

  it('counts tasks in work, including those checking and storing', () => {
    const tasks = apply(
      queue(10, 10, 10, 10),
      { type: 'start', id: 't0' },
      { type: 'hashed', id: 't0', md5: 'a' },
      { type: 'start', id: 't1' },
      { type: 'hashed', id: 't1', md5: 'b' },
      { type: 'checked', id: 't1', held: false },
      { type: 'uploadProgress', id: 't1', bytes: 10 },
      { type: 'start', id: 't2' },
    );
    expect(tasks.map((t) => t.state)).toEqual(['checking', 'processing', 'hashing', 'queued']);
    expect(tasksToStart(tasks)).toEqual([]);
    expect(countByState(tasks)).toMatchObject({ checking: 1, processing: 1, hashing: 1, queued: 1, done: 0 });
  });
});

describe('overall progress', () => {
  it('is bytes done over the total of files not cancelled', () => {
    let tasks = queue(100, 300, 600);
    expect(overallProgress(tasks)).toEqual({ done: 0, total: 1000, percent: 0 });
    tasks = apply(
      tasks,
      { type: 'start', id: 't0' },
      { type: 'hashed', id: 't0', md5: 'a' },
      { type: 'checked', id: 't0', held: false },
      { type: 'done', id: 't0' },
      { type: 'start', id: 't1' },
      { type: 'hashed', id: 't1', md5: 'b' },
      { type: 'checked', id: 't1', held: false },
      { type: 'uploadProgress', id: 't1', bytes: 150 },
    );
    expect(overallProgress(tasks)).toEqual({ done: 250, total: 1000, percent: 25 });
    tasks = apply(tasks, { type: 'cancel', id: 't2' });
    expect(overallProgress(tasks)).toEqual({ done: 250, total: 400, percent: 62 });
  });

  it('is zero for an empty queue', () => {
    expect(overallProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
  });
});

describe('local checks and server messages', () => {
  it('refuses empty files and files over the upload limit before any request', () => {
    expect(localRefusal(0, 100)).toBe('empty');
    expect(localRefusal(101, 100)).toBe('tooLarge');
    expect(localRefusal(100, 100)).toBeNull();
    expect(localRefusal(10 ** 12, null)).toBeNull();
  });

  it('shows the envelope msg of a JSON answer, a short plain-text reason, or the status', () => {
    const body = JSON.stringify({ code: 413, msg: 'a.mp4 exceeds the upload limit of 400 MB', data: null });
    expect(responseMessage(413, body)).toBe('a.mp4 exceeds the upload limit of 400 MB');
    expect(responseMessage(400, 'Upload-Metadata md5 is invalid\n')).toBe('Upload-Metadata md5 is invalid');
    expect(responseMessage(502, '<html><body>Bad gateway</body></html>')).toBe('HTTP 502');
    expect(responseMessage(500, '')).toBe('HTTP 500');
    expect(responseMessage(404, JSON.stringify({ code: 404 }))).toBe('HTTP 404');
  });

  it('retries dropped connections, 5xx, 409 and 423 but not other 4xx', () => {
    expect([0, 500, 503, 409, 423].map(shouldRetryStatus)).toEqual([true, true, true, true, true]);
    expect([400, 403, 404, 410, 413, 415].map(shouldRetryStatus)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
