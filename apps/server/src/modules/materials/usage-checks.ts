import type { MaterialUsage } from '@apm/contract';
import type { Database } from '../../db/client.js';

/**
 * One kind of user of materials (programs, plans, messages...): how to find which of some materials
 * it uses. Later modules add theirs with {@link registerMaterialUsageCheck}; a material anything
 * uses cannot be deleted, and its details list the users.
 */
export interface MaterialUsageCheck {
  /** Machine-readable name, e.g. `programs`. */
  key: string;
  /** English label for messages, e.g. `programs`. */
  label: string;
  /** The users of any of `materialIds` (inside the delete transaction when deleting). */
  find(db: Database, materialIds: number[]): Promise<MaterialUsage[]>;
}

const CHECKS: MaterialUsageCheck[] = [];

/** Adds a kind of material user; a second check with the same key replaces the first. */
export function registerMaterialUsageCheck(check: MaterialUsageCheck): void {
  const at = CHECKS.findIndex((c) => c.key === check.key);
  if (at >= 0) CHECKS[at] = check;
  else CHECKS.push(check);
}

/** Removes a kind of material user (tests that registered a fake one). */
export function unregisterMaterialUsageCheck(key: string): void {
  const at = CHECKS.findIndex((c) => c.key === key);
  if (at >= 0) CHECKS.splice(at, 1);
}

/** Everything that uses any of `materialIds`, each user once, in registration order. */
export async function materialUsages(db: Database, materialIds: number[]): Promise<MaterialUsage[]> {
  if (!materialIds.length) return [];
  // One after another: inside a transaction they share one connection.
  const found: MaterialUsage[] = [];
  for (const check of CHECKS) found.push(...(await check.find(db, materialIds)));
  const seen = new Set<string>();
  return found.filter((u) => {
    const key = `${u.type}:${u.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
