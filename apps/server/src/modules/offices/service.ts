import type { Database } from '../../db/client.js';

/** Institution tree: offices, agents and customers, moves and deletion checks. */
export class OfficeService {
  constructor(private readonly db: Database) {}
}
