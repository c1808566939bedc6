import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client.js';
import { adminQuery, withDatabase } from '../helpers/database-template.js';

/** The migration under test: Chinese/English columns become a map per language. */
const TAG = '0010_localized_texts';

/** A copy of the migrations folder that stops just before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A raw database (no migrations applied) with a way to migrate it from a folder, on PGlite or PostgreSQL. */
async function openRaw() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const name = `apm_migration_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, name) });
    // `pool.end()` resolves before its clients have closed; one still closing when `DROP … WITH (FORCE)`
    // ends its backend reports 57P01 on the pool, which is expected here. Anything else still fails the run.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') throw err;
    });
    const db = drizzle({ client: pool });
    return {
      db,
      migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle({ client });
  return {
    db,
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

describe(`migration ${TAG}: Chinese/English columns become texts per language`, () => {
  let raw: Awaited<ReturnType<typeof openRaw>>;
  let before: string;
  beforeAll(async () => {
    raw = await openRaw();
    before = migrationsBefore(TAG);
  });
  afterAll(async () => {
    await raw?.close();
    rmSync(before, { recursive: true, force: true });
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await raw.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('moves existing rows into the maps, leaving out languages that were empty', async () => {
    await raw.migrate(before);
    await raw.db.execute(
      sql`insert into offices (id, name, path) overriding system value values (1, 'HQ', '/1/')`,
    );
    await raw.db.execute(
      sql`insert into users (id, office_id, login_name, name, password_hash) overriding system value values (1, 1, 'u', 'U', 'x')`,
    );
    await raw.db.execute(sql`insert into notification_batches (id, office_id, content_cn, content_en, targets)
      overriding system value values (7, 1, '维护', 'Maintenance', '{"userIds":[1],"roleIds":[],"officeIds":[]}')`);
    await raw.db.execute(sql`insert into notifications (user_id, content_cn, content_en, batch_id) values
      (1, '维护', 'Maintenance', 7), (1, '', 'English only', null), (1, '仅中文', '  ', null)`);
    await raw.db
      .execute(sql`insert into announcements (id, title_ch, title_en, content_ch, content_en, close_tip_on)
      values (1, ' 公告 ', '', '内容', '', '1')`);

    await raw.migrate(MIGRATIONS_DIR);

    expect(await rows<{ contents: unknown }>(sql`select contents from notifications order by id`)).toEqual([
      { contents: { CN: '维护', US: 'Maintenance' } },
      { contents: { US: 'English only' } },
      { contents: { CN: '仅中文' } },
    ]);
    expect(await rows(sql`select id, contents from notification_batches`)).toEqual([
      { id: 7, contents: { CN: '维护', US: 'Maintenance' } },
    ]);
    expect(await rows(sql`select texts, close_tip_on from announcements`)).toEqual([
      { texts: { CN: { title: '公告', content: '内容' } }, close_tip_on: '1' },
    ]);
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_name in ('notifications', 'notification_batches', 'announcements')
        and column_name in ('content_cn', 'content_en', 'content_ch', 'title_ch', 'title_en')`);
    expect(columns).toEqual([]);
  });
});
