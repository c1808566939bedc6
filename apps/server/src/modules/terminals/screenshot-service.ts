import { rm } from 'node:fs/promises';
import { API_BASE, type TerminalScreenshot } from '@apm/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { terminalScreenshots, terminals } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { FilesDir } from '../materials/files-dir.js';
import { fieldError } from '../users/user-access.js';
import { terminalScope } from './terminal-scope.js';
import type { Page } from './terminal-service.js';

type ScreenshotRow = typeof terminalScreenshots.$inferSelect;

/** Where the console fetches a screenshot's bytes. */
export const screenshotUrl = (id: number) => `${API_BASE}/a/api/terminal/screenshot/${id}`;

/** A screenshot row as the API answers it. */
export const toScreenshot = (r: ScreenshotRow): TerminalScreenshot => ({
  id: r.id,
  terminalId: r.terminalId,
  url: screenshotUrl(r.id),
  mime: r.mime,
  width: r.width,
  height: r.height,
  size: r.size,
  createdAt: r.createdAt.toISOString(),
});

/** Screenshots terminals uploaded: history, the latest one, and the stored file of one (scope-checked). */
export class TerminalScreenshotService {
  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
  ) {}

  /** A terminal's screenshots, newest first, paged; 404 naming `terminalId` when it is not in scope. */
  async history(
    auth: AuthContext,
    terminalId: number,
    paging: { pageNo: number; pageSize: number },
  ): Promise<Page<TerminalScreenshot>> {
    await this.assertTerminal(auth, terminalId);
    const where = eq(terminalScreenshots.terminalId, terminalId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(terminalScreenshots)
        .where(where)
        .orderBy(desc(terminalScreenshots.id))
        .limit(paging.pageSize)
        .offset((paging.pageNo - 1) * paging.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(terminalScreenshots)
        .where(where),
    ]);
    return { list: rows.map(toScreenshot), count: Number(total?.n ?? 0), ...paging };
  }

  /** The latest screenshot of a terminal in scope, or null ("refresh only": no new capture). */
  async latest(auth: AuthContext, terminalId: number): Promise<TerminalScreenshot | null> {
    await this.assertTerminal(auth, terminalId);
    const [row] = await this.db
      .select()
      .from(terminalScreenshots)
      .where(eq(terminalScreenshots.terminalId, terminalId))
      .orderBy(desc(terminalScreenshots.id))
      .limit(1);
    return row ? toScreenshot(row) : null;
  }

  /** One screenshot of a terminal in scope (for its bytes); 404 naming `id` otherwise. */
  async file(auth: AuthContext, id: number): Promise<ScreenshotRow> {
    const [row] = await this.db
      .select({ shot: terminalScreenshots })
      .from(terminalScreenshots)
      .innerJoin(terminals, eq(terminals.id, terminalScreenshots.terminalId))
      .where(and(eq(terminalScreenshots.id, id), await terminalScope(this.db, auth)));
    if (!row) throw fieldError(404, 'id', `id: no screenshot ${id} in your scope`, 'notFound');
    return row.shot;
  }

  /** The stored images of terminals (read before their rows go; removed with {@link removeFiles}). */
  async filesOf(terminalIds: number[]): Promise<string[]> {
    if (!terminalIds.length) return [];
    const rows = await this.db
      .select({ path: terminalScreenshots.path })
      .from(terminalScreenshots)
      .where(inArray(terminalScreenshots.terminalId, terminalIds));
    return rows.map((r) => r.path);
  }

  /** Deletes the images of removed terminals: their directories and each file, wherever the gateway put it. */
  async removeFiles(terminalIds: number[], paths: string[]): Promise<void> {
    await Promise.all([
      ...terminalIds.map((id) =>
        rm(this.filesDir.resolveFilePath(`screenshots/${id}`), { recursive: true, force: true }),
      ),
      ...paths.map((p) => rm(this.filesDir.resolveFilePath(p), { force: true })),
    ]);
  }

  private async assertTerminal(auth: AuthContext, terminalId: number): Promise<void> {
    const [row] = await this.db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(eq(terminals.id, terminalId), await terminalScope(this.db, auth)));
    if (!row) {
      throw fieldError(404, 'terminalId', `terminalId: no terminal ${terminalId} in your scope`, 'notFound');
    }
  }
}
