import { EnvelopeOf, PageOf, PageQuery } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { DATA_RANGES } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { fieldError } from './user-access.js';
import { USER_SORT_FIELDS } from './user-queries.js';

const tags = ['user'];
const BASE = '/a/api/user';
const MAX_ID = 2_147_483_647;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const IdList = Type.String({ minLength: 1, maxLength: 6000, description: ID_LIST_DESCRIPTION });
const DataRangeSchema = Type.Enum([...DATA_RANGES], {
  description: 'all / officeAndBelow / office / self; never wider than the caller’s own',
});
const RoleSchema = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });
const Nullable = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** One user as the list shows it. */
export const UserItemSchema = Type.Object({
  id: Type.Integer(),
  loginName: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  officeId: Type.Integer(),
  officeName: Type.String(),
  enabled: Type.Boolean(),
  dataRange: DataRangeSchema,
  roles: Type.Array(RoleSchema),
  createdAt: Type.String({ description: 'ISO 8601' }),
  lastLoginAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});

/** Role ids as a comma-joined string or an array of ids; 400 naming `roleIds` otherwise. */
function parseRoleIds(raw: unknown): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw === 'string') return parseIdList(raw, 'roleIds');
  if (Array.isArray(raw) && raw.every((v) => typeof v === 'number' || typeof v === 'string')) {
    return raw.length ? parseIdList(raw.join(','), 'roleIds') : [];
  }
  throw fieldError(400, 'roleIds', 'roleIds must be a comma-joined list or an array of role ids');
}

/** User management (`/a/api/user/...`): list, save, delete, password reset, enable, roles, data range. */
const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { userAdmin } = app.services;

  app.get(
    `${BASE}/usereList`,
    {
      config: { access: 'sys:user:view' },
      schema: {
        tags,
        summary: 'Users in the caller’s data range: search, filter, sort and page on the server',
        querystring: Type.Object({
          ...PageQuery.properties,
          name: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or login name' })),
          officeId: Type.Optional({ ...Id, description: 'That office and the offices below it' }),
          roleId: Type.Optional(Id),
          enabled: Type.Optional(Type.Enum(['1', '0'], { description: "'1' enabled, '0' disabled" })),
          sortField: Type.Optional(Type.Enum([...USER_SORT_FIELDS])),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
        }),
        response: { 200: EnvelopeOf(PageOf(UserItemSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await userAdmin.list(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:user:add and editing sys:user:edit; the service checks which applies.
      config: { access: 'sys:user:view' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:user:add) or edits (sys:user:edit) a user',
        body: Type.Object({
          id: Type.Optional(Id),
          loginName: Type.String({ maxLength: 100 }),
          name: Type.String({ maxLength: 200 }),
          email: Type.Optional(Nullable(300)),
          phone: Type.Optional(Nullable(40)),
          officeId: Id,
          roleIds: Type.Optional(
            Type.Unknown({ description: `Role ids: an array, or ${ID_LIST_DESCRIPTION}` }),
          ),
          dataRange: Type.Optional(DataRangeSchema),
          password: Type.Optional(
            Type.String({ maxLength: 1024, description: 'Required on create; encrypted like sign-in' }),
          ),
          enabled: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const { roleIds, ...body } = request.body;
      const saved = await userAdmin.save(request.auth!, { ...body, roleIds: parseRoleIds(roleIds) });
      request.log.info({ userId: saved.id, created: body.id === undefined }, 'user saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:user:delete' },
      schema: {
        tags,
        summary: 'Deletes users (all or none); never yourself or the last super administrator',
        body: Type.Object({ id: IdList }),
        response: { 200: EnvelopeOf(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.id);
      const deleted = await userAdmin.delete(request.auth!, ids);
      request.log.info({ ids: ids.length, deleted }, 'users deleted');
      return ok({ deleted });
    },
  );

  app.post(
    `${BASE}/resetPassword`,
    {
      config: { access: 'sys:user:edit' },
      schema: {
        tags,
        summary: 'Sets a new password (encrypted like sign-in) and ends the user’s sessions',
        body: Type.Object({ id: Id, password: Type.String({ minLength: 1, maxLength: 1024 }) }),
        response: { 200: EnvelopeOf(Type.Object({ userPwdType: Type.String() })) },
      },
    },
    async (request) => {
      const { id, password } = request.body;
      return ok({ userPwdType: await userAdmin.resetPassword(request.auth!, id, password) });
    },
  );

  app.post(
    `${BASE}/setEnabled`,
    {
      config: { access: 'sys:user:edit' },
      schema: {
        tags,
        summary: 'Enables or disables a user; disabling ends their sessions',
        body: Type.Object({ id: Id, enabled: Type.Boolean() }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await userAdmin.setEnabled(request.auth!, request.body.id, request.body.enabled);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/roleListByUserId`,
    {
      config: { access: 'sys:user:view' },
      schema: {
        tags,
        summary: 'The roles a user holds',
        querystring: Type.Object({ userId: Id }),
        response: { 200: EnvelopeOf(Type.Array(RoleSchema)) },
      },
    },
    async (request) => ok(await userAdmin.rolesOfUser(request.auth!, request.query.userId)),
  );

  app.get(
    `${BASE}/rolesByUserId`,
    {
      config: { access: 'sys:user:view' },
      schema: {
        tags,
        summary: 'The roles the caller may assign to a user, checked when the user holds them',
        querystring: Type.Object({ userId: Id }),
        response: {
          200: EnvelopeOf(
            Type.Array(
              Type.Object({
                ...RoleSchema.properties,
                checked: Type.Boolean(),
                assignable: Type.Boolean({ description: 'false for held roles the caller could not assign' }),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await userAdmin.roleChoices(request.auth!, request.query.userId)),
  );

  app.get(
    `${BASE}/allRoleList`,
    {
      config: { access: 'sys:user:view' },
      schema: {
        tags,
        summary: 'The roles the caller may assign',
        response: { 200: EnvelopeOf(Type.Array(RoleSchema)) },
      },
    },
    async (request) => ok(await userAdmin.assignableRoles(request.auth!)),
  );

  // The spec makes this write a GET; the console POSTs it. The GET only passes the cross-site check when
  // it proves it comes from our own pages (`audit: true` marks it; see plugins/cross-site.ts).
  const DataRangeInput = Type.Object({ userId: Id, dataRange: DataRangeSchema });
  const setDataRange = async (
    request: FastifyRequest,
    { userId, dataRange }: Static<typeof DataRangeInput>,
  ) => {
    await userAdmin.setDataRange(request.auth!, userId, dataRange);
    request.log.info({ userId, dataRange }, 'user data range set');
    return ok(null);
  };
  const dataRangeSummary = 'Sets a user’s data range (never wider than the caller’s own)';
  app.get(
    `${BASE}/updateDefDataRange`,
    {
      config: { access: 'sys:user:edit', audit: true },
      schema: {
        tags,
        summary: `${dataRangeSummary}; the GET needs Sec-Fetch-Site: same-origin or X-Requested-With`,
        querystring: DataRangeInput,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => setDataRange(request, request.query),
  );
  app.post(
    `${BASE}/updateDefDataRange`,
    {
      config: { access: 'sys:user:edit' },
      schema: {
        tags,
        summary: dataRangeSummary,
        body: DataRangeInput,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => setDataRange(request, request.body),
  );

  app.post(
    `${BASE}/checkPhoneOrEmail`,
    {
      config: { access: 'sys:user:view', audit: false },
      schema: {
        tags,
        summary: 'Whether a phone or e-mail is used by another user of the caller’s tenant',
        body: Type.Object({
          phone: Type.Optional(Type.String({ maxLength: 40 })),
          email: Type.Optional(Type.String({ maxLength: 300 })),
          id: Type.Optional(Id),
        }),
        response: {
          200: EnvelopeOf(Type.Object({ phoneTaken: Type.Boolean(), emailTaken: Type.Boolean() })),
        },
      },
    },
    async (request) => ok(await userAdmin.checkPhoneOrEmail(request.auth!, request.body)),
  );
};

export default userAdminRoutes;
