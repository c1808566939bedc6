import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, roles, userRoles, users, type DataRange } from '../../db/schema/index.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { UserAccess, type RoleRef } from './user-access.js';

/** Columns the user list sorts by. */
export const USER_SORT_FIELDS = ['loginName', 'name', 'createdAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** Filters, sort and page of the user list. */
export interface UserListQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  officeId?: number;
  roleId?: number;
  enabled?: '0' | '1';
  sortField?: UserSortField;
  sortOrder?: 'asc' | 'desc';
}

/** One user as the list answers it. */
export interface UserListItem {
  id: number;
  loginName: string;
  name: string;
  email: string | null;
  phone: string | null;
  officeId: number;
  officeName: string;
  enabled: boolean;
  dataRange: DataRange;
  roles: RoleRef[];
  createdAt: string;
  lastLoginAt: string | null;
}

const SORT_COLUMNS = {
  loginName: users.loginName,
  name: users.name,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The read side of user management: every query scoped by the caller's tenant and data range. */
export class UserQueries {
  readonly access: UserAccess;

  constructor(protected readonly db: Database) {
    this.access = new UserAccess(db);
  }

  /** One page of the users the caller may see; filtered, sorted, counted and paged in SQL. */
  async list(auth: AuthContext, q: UserListQuery) {
    const conds: (SQL | undefined)[] = [dataScope(auth, users.officeId, users.id)];
    const name = q.name?.trim();
    if (name) {
      // lower() LIKE rather than ILIKE: the same match, several times faster on 100 000 users.
      const pattern = `%${escapeLike(name.toLowerCase())}%`;
      conds.push(
        or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.loginName}) like ${pattern}`),
      );
    }
    if (q.officeId !== undefined) {
      const [office] = await this.db
        .select({ path: offices.path })
        .from(offices)
        .where(eq(offices.id, q.officeId));
      if (!office) return { list: [], count: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      conds.push(officesUnder(users.officeId, office.path));
    }
    if (q.roleId !== undefined) {
      conds.push(
        sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${q.roleId})`,
      );
    }
    if (q.enabled !== undefined) conds.push(eq(users.enabled, q.enabled === '1'));
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const column = SORT_COLUMNS[q.sortField ?? 'createdAt'];
    const order = q.sortOrder === 'asc' ? asc : desc;
    const rows = await this.db
      .select({ user: users, officeName: offices.name })
      .from(users)
      .innerJoin(offices, eq(offices.id, users.officeId))
      .where(where)
      .orderBy(order(column), order(users.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const rolesOf = await this.rolesOfUsers(rows.map((r) => r.user.id));
    const list: UserListItem[] = rows.map(({ user, officeName }) => ({
      id: user.id,
      loginName: user.loginName,
      name: user.name,
      email: user.email,
      phone: user.phone,
      officeId: user.officeId,
      officeName,
      enabled: user.enabled,
      dataRange: user.dataRange,
      roles: rolesOf.get(user.id) ?? [],
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    }));
    return { list, count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** The roles of each of the given users. */
  async rolesOfUsers(userIds: number[]): Promise<Map<number, RoleRef[]>> {
    const map = new Map<number, RoleRef[]>();
    if (!userIds.length) return map;
    const rows = await this.db
      .select({ userId: userRoles.userId, id: roles.id, code: roles.code, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, userIds))
      .orderBy(roles.id);
    for (const { userId, ...role } of rows) {
      if (!map.has(userId)) map.set(userId, []);
      map.get(userId)!.push(role);
    }
    return map;
  }

  /** The roles of a user in scope. */
  async rolesOfUser(auth: AuthContext, userId: number): Promise<RoleRef[]> {
    await this.access.userInScope(auth, userId);
    return (await this.rolesOfUsers([userId])).get(userId) ?? [];
  }

  /** The roles the caller may assign to a user in scope, plus those the user holds, with `checked`. */
  async roleChoices(auth: AuthContext, userId: number) {
    const target = await this.access.userInScope(auth, userId);
    const held = await this.access.roleIdsOf(userId);
    const candidates = await this.access.roles(
      or(
        inArray(roles.id, held.length ? held : [0]),
        isNull(roles.officeId),
        officesUnder(roles.officeId, auth.tenantPath),
      ),
    );
    return candidates
      .map((r) => ({ r, assignable: this.access.canAssign(auth, r, target.officePath) }))
      .filter(({ r, assignable }) => assignable || held.includes(r.id))
      .map(({ r, assignable }) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        checked: held.includes(r.id),
        assignable,
      }));
  }

  /** The roles the caller may assign. */
  async assignableRoles(auth: AuthContext): Promise<RoleRef[]> {
    const candidates = await this.access.candidateRoles(auth);
    return candidates
      .filter((r) => this.access.canAssign(auth, r))
      .map(({ id, code, name }) => ({ id, code, name }));
  }

  /** Whether a phone or e-mail is already used by another user of the caller's tenant. */
  async checkPhoneOrEmail(auth: AuthContext, input: { phone?: string; email?: string; id?: number }) {
    const taken = async (cond: SQL) => {
      const [row] = await this.db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            cond,
            officesUnder(users.officeId, auth.tenantPath),
            input.id ? ne(users.id, input.id) : undefined,
          ),
        );
      return (row?.n ?? 0) > 0;
    };
    const phone = input.phone?.trim();
    const email = input.email?.trim().toLowerCase();
    return {
      phoneTaken: phone ? await taken(eq(users.phone, phone)) : false,
      emailTaken: email ? await taken(sql`lower(${users.email}) = ${email}`) : false,
    };
  }
}
