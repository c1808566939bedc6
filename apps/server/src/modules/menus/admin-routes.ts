import { EnvelopeOf, Languages } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { requirePermission } from '../users/user-access.js';
import { assertPlatformCaller } from '../settings/platform.js';
import { fieldError, MENU_KEY_PATTERN, MENU_PATH_PATTERN } from './menu-validation.js';

const tags = ['menu'];
const BASE = '/a/sys/menu';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Key = Type.String({ pattern: MENU_KEY_PATTERN, description: 'A letter, then letters, digits or _' });
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** Keys as an array or a comma-joined string; 400 naming `keys`. */
function parseKeys(raw: unknown): string[] {
  const list = typeof raw === 'string' ? raw.split(',').map((k) => k.trim()) : raw;
  const pattern = new RegExp(MENU_KEY_PATTERN);
  if (!Array.isArray(list) || !list.every((k) => typeof k === 'string' && pattern.test(k))) {
    throw fieldError(400, 'keys', 'keys must be menu keys, as an array or comma-joined');
  }
  return list as string[];
}

/** Menu management (`sysManage/menuManage`): create, edit, delete and reorder menu entries. */
const menuAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { menus } = app.services;

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:menu:add and editing sys:menu:edit; the handler checks which applies.
      config: { access: 'sys:menu:view' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:menu:add) or edits (sys:menu:edit) a menu entry',
        body: Type.Object({
          id: Type.Optional(Id),
          key: Type.Optional(Key),
          parentKey: Type.Optional(
            Nullable(Type.String({ maxLength: 64, description: "'' or null: top level" })),
          ),
          path: Type.Optional(
            Nullable(
              Type.String({
                maxLength: 200,
                description: "Route path under the shell, e.g. 'sys/user'; '' or null for a group",
                anyOf: [{ const: '' }, { pattern: MENU_PATH_PATTERN }],
              }),
            ),
          ),
          names: Type.Unknown({
            description: `Name per language (${Languages.join(', ')}), an object or its JSON encoding`,
          }),
          icon: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
          sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          permission: Type.String({
            minLength: 1,
            maxLength: 100,
            description: "'*' (every signed-in user) or a permission string of the catalogue",
          }),
          roles: Type.Optional(Type.Unknown({ description: 'Role codes: an array, or comma-joined' })),
          hidden: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer(), key: Type.String() })) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      requirePermission(auth, request.body.id === undefined ? 'sys:menu:add' : 'sys:menu:edit');
      await assertPlatformCaller(app.db, auth);
      const saved = await menus.save(request.body);
      request.log.info({ menu: saved.key, created: request.body.id === undefined }, 'menu saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:menu:delete' },
      schema: {
        tags,
        summary: 'Deletes a menu entry; refused (409) while entries sit below it',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Object({ key: Type.String() })) },
      },
    },
    async (request) => {
      await assertPlatformCaller(app.db, request.auth!);
      const deleted = await menus.delete(request.body.id);
      request.log.info({ menu: deleted.key }, 'menu deleted');
      return ok(deleted);
    },
  );

  app.post(
    `${BASE}/reorder`,
    {
      config: { access: 'sys:menu:edit' },
      schema: {
        tags,
        summary: 'Orders the entries below a parent (every one of them, listed in the new order)',
        body: Type.Object({
          parentKey: Type.Optional(
            Nullable(Type.String({ maxLength: 64, description: "'' or null: top level" })),
          ),
          keys: Type.Unknown({ description: 'Menu keys in order: an array, or comma-joined' }),
        }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await assertPlatformCaller(app.db, request.auth!);
      const keys = parseKeys(request.body.keys);
      await menus.reorder(request.body.parentKey?.trim() || null, keys);
      request.log.info({ parent: request.body.parentKey ?? null, count: keys.length }, 'menu reordered');
      return ok(null);
    },
  );
};

export default menuAdminRoutes;
