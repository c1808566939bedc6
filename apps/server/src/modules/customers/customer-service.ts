import type { Database } from '../../db/client.js';

/** Customers (tenants): capacity, customization (own brand) and second domain names. */
export class CustomerService {
  constructor(private readonly db: Database) {}
}
