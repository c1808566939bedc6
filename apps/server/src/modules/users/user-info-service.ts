import type { AuthorityRecord, UserInfo } from '@apm/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { offices, roleGrants, roles, userRoles, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import type { BrandService } from '../customers/brand-service.js';
import type { MenuService } from '../menus/service.js';

/** Groups `(id, operation)` pairs into authority records `{ id, operation[] }`. */
export function toAuthorityRecords(pairs: { id: string; operation: string }[]): AuthorityRecord[] {
  const byId = new Map<string, Set<string>>();
  for (const { id, operation } of pairs) {
    if (!byId.has(id)) byId.set(id, new Set());
    byId.get(id)!.add(operation);
  }
  return [...byId].map(([id, ops]) => ({ id, operation: [...ops] }));
}

/** Builds the logged-in user record of spec section 3. */
export class UserInfoService {
  constructor(
    private readonly db: Database,
    private readonly menus: MenuService,
    private readonly brands: BrandService,
  ) {}

  /** The record GET /a/api/user/getUserInfo answers. */
  async forCaller(auth: AuthContext): Promise<UserInfo> {
    const [row] = await this.db
      .select({ user: users, office: { id: offices.id, name: offices.name, kind: offices.kind } })
      .from(users)
      .leftJoin(offices, eq(offices.id, users.officeId))
      .where(eq(users.id, auth.userId));
    if (!row) throw notFound('User not found');
    const roleRows = await this.db
      .select({ code: roles.code, operation: roleGrants.operation })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .leftJoin(roleGrants, eq(roleGrants.roleId, roles.id))
      .where(eq(userRoles.userId, auth.userId));
    const permissionPairs = [...auth.permissions].map((p) => {
      const at = p.lastIndexOf(':');
      return { id: p.slice(0, at), operation: p.slice(at + 1) };
    });
    const roleRecords = toAuthorityRecords(
      roleRows.filter((r) => r.operation !== null).map((r) => ({ id: r.code, operation: r.operation! })),
    );
    for (const r of roleRows) {
      if (!roleRecords.some((rec) => rec.id === r.code)) roleRecords.push({ id: r.code, operation: [] });
    }
    const { user } = row;
    // The nearest enabled own brand at or above the user's office: its domain and logo.
    const own = await this.brands.forOfficePath(auth.officePath);
    return {
      id: user.id,
      loginName: user.loginName,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      secondDomainName: own?.domainName ?? null,
      personalType: row.office?.kind ?? null,
      logo: own?.brand.logo || null,
      dataRange: user.dataRange,
      userPwdType: user.userPwdType,
      pwdPastDue: auth.pwdPastDue,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      office: row.office,
      permissions: toAuthorityRecords(permissionPairs),
      roles: roleRecords,
      routes: (await this.menus.routes()).map(({ id: _id, ...route }) => route),
    };
  }
}
