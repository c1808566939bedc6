import { alarmRuleTargetProblem, type AlarmRule, type AlarmRuleInput } from '@apm/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { alarmRules, offices } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';

const columns = {
  id: alarmRules.id,
  name: alarmRules.name,
  types: alarmRules.types,
  minSeverity: alarmRules.minSeverity,
  channel: alarmRules.channel,
  target: alarmRules.target,
  dailyLimit: alarmRules.dailyLimit,
  enabled: alarmRules.enabled,
  officeId: alarmRules.officeId,
  officeName: offices.name,
  updatedAt: alarmRules.updatedAt,
};

/** Notification rules of the alarm centre, scoped by their office like the alarms they send. */
export class AlarmRuleService {
  constructor(private readonly db: Database) {}

  /** Rules in the caller's data range, by name. */
  async list(auth: AuthContext): Promise<AlarmRule[]> {
    const rows = await this.db
      .select(columns)
      .from(alarmRules)
      .innerJoin(offices, eq(offices.id, alarmRules.officeId))
      .where(dataScope(auth, alarmRules.officeId))
      .orderBy(asc(alarmRules.name), asc(alarmRules.id));
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  }

  /** One rule in scope; 404 naming `field`. */
  private async inScope(auth: AuthContext, id: number, field = 'id') {
    const [row] = await this.db
      .select({ id: alarmRules.id })
      .from(alarmRules)
      .where(and(eq(alarmRules.id, id), dataScope(auth, alarmRules.officeId)));
    if (!row) throw fieldError(404, field, `${field}: no notification rule ${id} in your scope`, 'notFound');
    return row;
  }

  /** Creates or updates a rule; 400 naming a bad field, 404 for a rule or office out of scope. */
  async save(auth: AuthContext, input: AlarmRuleInput): Promise<{ id: number }> {
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name must not be blank');
    const problem = alarmRuleTargetProblem(input.channel, input.target);
    if (problem) throw fieldError(400, 'target', problem);
    const office = await officeInScope(this.db, auth, input.officeId ?? auth.officeId, 'officeId');
    const values = {
      name,
      types: input.types,
      minSeverity: input.minSeverity,
      channel: input.channel,
      target: input.target.trim(),
      dailyLimit: input.dailyLimit,
      enabled: input.enabled,
      officeId: office.id,
      updatedAt: new Date(),
    };
    if (input.id !== undefined) {
      await this.inScope(auth, input.id);
      await this.db.update(alarmRules).set(values).where(eq(alarmRules.id, input.id));
      return { id: input.id };
    }
    const [row] = await this.db
      .insert(alarmRules)
      .values({ ...values, createdBy: auth.userId })
      .returning({ id: alarmRules.id });
    return { id: row!.id };
  }

  /** Deletes a rule in scope (its notification history goes with it). */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.inScope(auth, id);
    await this.db.delete(alarmRules).where(eq(alarmRules.id, id));
  }
}
