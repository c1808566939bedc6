import type { Database } from '../../db/client.js';

/** Role management: roles, their permission grants and members. */
export class RoleService {
  constructor(private readonly db: Database) {}
}
