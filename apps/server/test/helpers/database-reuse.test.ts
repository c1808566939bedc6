import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, initSystem } from './app.js';
import { openTestDatabase } from './database.js';
import { isOpen, takeIdleDatabase } from './database-reuse.js';

async function tableNames(db: Database): Promise<string[]> {
  const rows = (await db.execute(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  )) as unknown as { rows: { name: string }[] };
  return rows.rows.map((r) => r.name);
}

// The driver of the pass: PGlite, or PostgreSQL with TEST_DATABASE_URL.
describe('test databases reused within a worker', () => {
  it('hands a closed database out again as a fresh copy: no rows, no tables made since, ids from 1', async () => {
    const handle = await openTestDatabase();
    const fresh = await tableNames(handle.db);
    const first = await createTestApp({}, { database: handle });
    await initSystem(first.app);
    expect((await first.db.select().from(users)).map((u) => u.id)).toEqual([1]);
    await first.db.execute(
      sql.raw(
        `CREATE TABLE play_events_p209901 PARTITION OF play_events FOR VALUES FROM ('2099-01-01') TO ('2099-02-01')`,
      ),
    );
    await first.close();

    const again = await takeIdleDatabase();
    expect(again?.db).toBe(handle.db);
    expect(await again!.db.select().from(users)).toEqual([]);
    expect(await tableNames(again!.db)).toEqual(fresh);
    const second = await createTestApp({}, { database: again });
    await initSystem(second.app);
    expect((await second.db.select().from(users)).map((u) => u.id)).toEqual([1]);
    await second.close();
    // Kept for the worker's next test.
    expect(isOpen(handle.db)).toBe(true);
  });

  it('closes a database that lost a table of the template instead of reusing it', async () => {
    const handle = await openTestDatabase();
    const [table] = await tableNames(handle.db);
    await handle.db.execute(sql.raw(`DROP TABLE "${table}" CASCADE`));
    await handle.close();
    const next = await takeIdleDatabase();
    expect(next?.db).not.toBe(handle.db);
    expect(isOpen(handle.db)).toBe(false);
    await next?.close();
  });
});
