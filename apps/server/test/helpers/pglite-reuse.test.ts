import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, initSystem } from './app.js';
import { pooled, takeIdleDatabase } from './pglite-reuse.js';

const clientOf = (db: Database) => (db as unknown as { $client: PGlite }).$client;

async function tableNames(db: Database): Promise<string[]> {
  const { rows } = await clientOf(db).query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

// On both passes: the PostgreSQL pass does not reuse databases, but this PGlite copy is its own.
describe('PGlite databases reused by the server tests', () => {
  it('hands a closed database out again as a fresh copy: no rows, no tables made since, ids from 1', async () => {
    const handle = await pooled(await openDatabase({ memory: true }));
    const fresh = await tableNames(handle.db);
    const first = await createTestApp({}, { database: handle });
    await initSystem(first.app);
    const [admin] = await first.db.select().from(users);
    expect(admin?.id).toBe(1);
    await clientOf(first.db).exec(
      `CREATE TABLE play_events_p209901 PARTITION OF play_events FOR VALUES FROM ('2099-01-01') TO ('2099-02-01')`,
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
    // Taken back by the next test of this worker, or closed with it.
    expect(clientOf(handle.db).closed).toBe(false);
  });

  it('does not reuse a database that lost a table of the template, and closes it', async () => {
    const handle = await pooled(await openDatabase({ memory: true }));
    const [table] = await tableNames(handle.db);
    await clientOf(handle.db).exec(`DROP TABLE "${table}" CASCADE`);
    await handle.close();
    const next = await takeIdleDatabase();
    expect(next?.db).not.toBe(handle.db);
    expect(clientOf(handle.db).closed).toBe(true);
    await next?.close();
  });
});
