import { count, eq } from 'drizzle-orm';
import { terminalGroups, terminals } from '../../db/schema/index.js';
import { registerOfficeDeleteCheck } from '../offices/delete-checks.js';

/** An office holding terminals or terminal groups is not deleted (the office service asks these). */
export function registerTerminalOfficeChecks(): void {
  registerOfficeDeleteCheck({
    key: 'terminals',
    label: 'terminals',
    count: async (db, officeId) =>
      Number(
        (await db.select({ n: count() }).from(terminals).where(eq(terminals.officeId, officeId)))[0]?.n ?? 0,
      ),
  });
  registerOfficeDeleteCheck({
    key: 'terminalGroups',
    label: 'terminal groups',
    count: async (db, officeId) =>
      Number(
        (await db.select({ n: count() }).from(terminalGroups).where(eq(terminalGroups.officeId, officeId)))[0]
          ?.n ?? 0,
      ),
  });
}
