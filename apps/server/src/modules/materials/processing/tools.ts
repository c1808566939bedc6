import { spawn } from 'node:child_process';
import type { MediaToolPaths } from '../../../config.js';

/** A media tool that processing runs as a child process. */
export type MediaTool = keyof MediaToolPaths;

/** What to install when a tool is missing, in the words the console shows. */
const NEEDS: Record<MediaTool, string> = {
  ffmpeg: 'needs ffmpeg: install the ffmpeg package on the server',
  ffprobe: 'needs ffprobe: install the ffmpeg package on the server',
  pdftoppm: 'needs poppler-utils (pdftoppm): install the poppler-utils package on the server',
  pdfinfo: 'needs poppler-utils (pdfinfo): install the poppler-utils package on the server',
  soffice: 'needs LibreOffice: install the libreoffice package on the server to convert Office documents',
};

/** How each tool tells its version (poppler and LibreOffice differ from ffmpeg). */
const VERSION_ARGS: Record<MediaTool, string[]> = {
  ffmpeg: ['-version'],
  ffprobe: ['-version'],
  pdftoppm: ['-v'],
  pdfinfo: ['-v'],
  soffice: ['--version'],
};

/** A processing failure whose message is meant for the console as it is. */
export class ProcessingError extends Error {}

/** Thrown when the job was stopped (server shutting down): the file goes back to the queue. */
export class JobAborted extends Error {
  constructor() {
    super('processing stopped');
  }
}

/** Detection results per command path, once per process. */
const detected = new Map<string, Promise<boolean>>();

/** Whether the command starts at all (spawn of its version flag); any exit code counts as present. */
function detect(command: string, args: string[]): Promise<boolean> {
  let found = detected.get(command);
  if (!found) {
    found = new Promise<boolean>((resolve) => {
      const child = spawn(command, args, { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
      child.once('spawn', () => {
        clearTimeout(timer);
        resolve(true);
        child.kill('SIGKILL');
      });
    });
    detected.set(command, found);
  }
  return found;
}

/** Options of one tool run. */
export interface RunOptions {
  /** The child is killed after this long and the run fails with "timed out". */
  timeoutMs: number;
  /** Stops the child (process group) when aborted; the run rejects with {@link JobAborted}. */
  signal?: AbortSignal;
  /** Receives stdout chunks as they come (progress lines); stdout is then not collected. */
  onStdout?: (chunk: string) => void;
  /** Most stdout bytes kept (ffprobe JSON); more fails the run. */
  maxStdout?: number;
}

/** Keeps the end of stderr for error messages. */
const STDERR_TAIL = 2000;

/** Runs the media tools of processing: detection once, argument arrays (never a shell), time-outs, kills. */
export class MediaTools {
  constructor(private readonly paths: MediaToolPaths) {}

  /** Throws the "needs …: install …" error unless the tool can be started. */
  async require(tool: MediaTool): Promise<void> {
    if (!(await detect(this.paths[tool], VERSION_ARGS[tool]))) throw new ProcessingError(NEEDS[tool]);
  }

  /** Whether the tool can be started. */
  async has(tool: MediaTool): Promise<boolean> {
    return detect(this.paths[tool], VERSION_ARGS[tool]);
  }

  /** Runs a tool to its end and answers its stdout; a non-zero exit fails with the end of its stderr. */
  run(tool: MediaTool, args: string[], options: RunOptions): Promise<string> {
    const { timeoutMs, signal, onStdout, maxStdout = 16 * 1024 * 1024 } = options;
    return new Promise<string>((resolve, reject) => {
      if (signal?.aborted) return reject(new JobAborted());
      // Own process group: LibreOffice's wrapper starts soffice.bin, which must die with it.
      const child = spawn(this.paths[tool], args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
      });
      let stdout = '';
      let stderr = '';
      let failure: Error | undefined;
      let killTimer: NodeJS.Timeout | undefined;
      const kill = (reason: Error) => {
        failure ??= reason;
        signalGroup(child.pid, 'SIGTERM');
        killTimer ??= setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 3000);
      };
      const timer = setTimeout(
        () => kill(new ProcessingError(`${tool} timed out after ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      );
      const onAbort = () => kill(new JobAborted());
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (onStdout) return onStdout(chunk);
        stdout += chunk;
        if (stdout.length > maxStdout) kill(new ProcessingError(`${tool} wrote more output than expected`));
      });
      child.stderr.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_TAIL);
      });
      const finish = (err: Error | undefined) => {
        clearTimeout(timer);
        clearTimeout(killTimer);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve(stdout);
      };
      child.once('error', (err: NodeJS.ErrnoException) =>
        finish(
          err.code === 'ENOENT' || err.code === 'EACCES'
            ? new ProcessingError(NEEDS[tool])
            : new ProcessingError(`${tool} could not start: ${err.message}`),
        ),
      );
      child.once('close', (code, sig) => {
        if (failure) return finish(failure);
        if (code === 0) return finish(undefined);
        const detail = lastLine(stderr) || (sig ? `killed by ${sig}` : 'no message');
        finish(new ProcessingError(`${tool} failed (exit ${code ?? sig}): ${detail}`));
      });
    });
  }
}

/** Signals a child's process group (or the child alone where groups do not exist); gone is fine. */
function signalGroup(pid: number | undefined, sig: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, sig);
  } catch {
    // Already exited.
  }
}

/** The last non-empty line of a tool's stderr, trimmed for a message. */
function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  return (lines.at(-1) ?? '').trim().slice(0, 300);
}
