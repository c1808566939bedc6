import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';

/**
 * Menus, system settings and the announcement are shared by every tenant: only users of the
 * platform tenant may change them, whatever permissions an agent's or customer's role holds.
 */
export async function assertPlatformCaller(db: Database, auth: AuthContext): Promise<void> {
  const [root] = await db
    .select({ id: offices.id })
    .from(offices)
    .where(and(eq(offices.path, auth.tenantPath), eq(offices.kind, 'platform')))
    .limit(1);
  if (!root) throw forbidden('Only platform users may change platform-wide configuration', 'platformOnly');
}
