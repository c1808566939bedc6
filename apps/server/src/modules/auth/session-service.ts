import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  offices,
  roleGrants,
  roles,
  sessions,
  userRoles,
  users,
  type DataRange,
  type OfficeKind,
} from '../../db/schema/index.js';

/** Office kinds that root a tenant: what their users see never leaves their subtree. */
const TENANT_KINDS: readonly OfficeKind[] = ['platform', 'agent', 'customer'];

/** Session lifetime: 2 hours, renewed on every request (spec section 9). */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** The expiry is written back at most this often, to spare the database a write per request. */
const RENEW_EVERY_MS = 60 * 1000;

/** Who is calling: the signed-in user and what they may do. */
export interface AuthContext {
  sessionId: string;
  userId: number;
  loginName: string;
  name: string;
  officeId: number;
  officePath: string;
  /** Materialised path of the caller's tenant root: the nearest platform, agent or customer office above (or at) theirs. */
  tenantPath: string;
  dataRange: DataRange;
  /** Permission strings `<id>:<operation>`. */
  permissions: Set<string>;
  roleCodes: string[];
  pwdPastDue: boolean;
  expiresAt: Date;
}

/** Hashes a session token to the id stored server-side. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates, resolves, renews and ends sign-in sessions. */
export class SessionService {
  constructor(private readonly db: Database) {}

  /** Starts a session; answers the opaque token the client keeps. */
  async create(userId: number, meta: { ip?: string; userAgent?: string; pwdPastDue?: boolean }) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.db.insert(sessions).values({
      id: hashToken(token),
      userId,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
      pwdPastDue: meta.pwdPastDue ?? false,
    });
    return { token, expiresAt };
  }

  /** The caller behind a token, or null when it is unknown, expired or the user is disabled. */
  async resolve(token: string): Promise<AuthContext | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const id = hashToken(token);
    const now = new Date();
    // One statement per request: the session, its user and office, the tenant root above it, and
    // the user's roles and grants folded into arrays (a super administrator has ~200 grants; as
    // rows they cost more than everything else a request does).
    const [row] = await this.db
      .select({
        expiresAt: sessions.expiresAt,
        pwdPastDue: sessions.pwdPastDue,
        user: { id: users.id, loginName: users.loginName, name: users.name, officeId: users.officeId },
        dataRange: users.dataRange,
        officePath: offices.path,
        tenantPath: sql<string | null>`(select t.path from ${offices} t
          where t.kind in ${TENANT_KINDS} and ${offices.path} like t.path || '%'
          order by length(t.path) desc limit 1)`,
        roleCodes: sql<string[] | null>`(select array_agg(${roles.code}) from ${userRoles}
          join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`,
        permissions: sql<
          string[] | null
        >`(select array_agg(${roleGrants.permissionId} || ':' || ${roleGrants.operation})
          from ${userRoles} join ${roleGrants} on ${roleGrants.roleId} = ${userRoles.roleId}
          where ${userRoles.userId} = ${users.id})`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.enabled, true)));
    if (!row) return null;
    let expiresAt = row.expiresAt;
    const renewed = new Date(now.getTime() + SESSION_TTL_MS);
    if (renewed.getTime() - expiresAt.getTime() > RENEW_EVERY_MS) {
      await this.db.update(sessions).set({ expiresAt: renewed }).where(eq(sessions.id, id));
      expiresAt = renewed;
    }
    return {
      sessionId: id,
      userId: row.user.id,
      loginName: row.user.loginName,
      name: row.user.name,
      officeId: row.user.officeId,
      officePath: row.officePath,
      tenantPath: row.tenantPath ?? row.officePath,
      dataRange: row.dataRange,
      permissions: new Set(row.permissions ?? []),
      roleCodes: [...new Set(row.roleCodes ?? [])],
      pwdPastDue: row.pwdPastDue,
      expiresAt,
    };
  }

  /** Ends one session. */
  async end(sessionId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of a user. */
  async endAllOf(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Clears the password-expired flag of a session after the password changed. */
  async clearPwdPastDue(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ pwdPastDue: false }).where(eq(sessions.id, sessionId));
  }

  /** Deletes expired sessions; answers how many. */
  async purgeExpired(): Promise<number> {
    const gone = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, new Date()))
      .returning({ id: sessions.id });
    return gone.length;
  }
}
