import { AlarmRuleInputSchema, AlarmRuleSchema, EnvelopeOf } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { AlarmRuleService } from './alarm-rule-service.js';

const tags = ['alarm'];
const BASE = '/a/api/abnormalAlarm';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Notification rules of the alarm centre (`/a/api/abnormalAlarm/rules`, `saveRule`, `deleteRule`). */
const alarmRuleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rules = new AlarmRuleService(app.db);

  app.get(
    `${BASE}/rules`,
    {
      config: { access: 'sys:alarm:view' },
      schema: {
        tags,
        summary: 'Notification rules in the caller’s data range, by name',
        response: { 200: EnvelopeOf(Type.Array(AlarmRuleSchema)) },
      },
    },
    async (request) => ok(await rules.list(request.auth!)),
  );

  app.post(
    `${BASE}/saveRule`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a notification rule: kinds or a minimum severity, e-mail addresses or a webhook URL, a daily limit per terminal and kind',
        body: AlarmRuleInputSchema,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => ok(await rules.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/deleteRule`,
    {
      config: { access: 'sys:alarm:edit' },
      schema: {
        tags,
        summary: 'Deletes a notification rule in the caller’s data range',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await rules.remove(request.auth!, request.body.id);
      return ok(null);
    },
  );
};

export default alarmRuleRoutes;
