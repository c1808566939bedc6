import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  PermissionNodeSchema,
  ROLE_LIMITS,
  ROLE_SORT_FIELDS,
  RoleDetailSchema,
  RoleItemSchema,
  RoleMemberSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { ID_LIST_DESCRIPTION, parseIdList } from '../../lib/id-list.js';
import { fieldError } from '../users/user-access.js';
import { parseGrants } from './service.js';

const tags = ['role'];
const BASE = '/a/api/role';
const MAX_ID = 2_147_483_647;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const IdList = Type.String({ minLength: 1, maxLength: 6000, description: ID_LIST_DESCRIPTION });
const IdsInput = Type.Unknown({ description: `User ids: an array, or ${ID_LIST_DESCRIPTION}` });
const PageNo = Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }));

/** User ids as a comma-joined string or an array; 400 naming `userIds` otherwise. */
function parseUserIds(raw: unknown): number[] {
  if (typeof raw === 'string' && raw) return parseIdList(raw, 'userIds');
  if (Array.isArray(raw) && raw.length && raw.every((v) => typeof v === 'number' || typeof v === 'string')) {
    return parseIdList(raw.join(','), 'userIds');
  }
  throw fieldError(400, 'userIds', 'userIds must be a non-empty comma-joined list or array of user ids');
}

/** Role management (`/a/api/role/...`): list, permission tree, detail, save, delete, members. */
const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { roles } = app.services;

  app.get(
    `${BASE}/list`,
    {
      config: { access: 'sys:role:view' },
      schema: {
        tags,
        summary: 'Roles the caller may see (platform-wide and their tenant’s): search, sort, page',
        querystring: Type.Object({
          pageNo: PageNo,
          pageSize: PageQuery.properties.pageSize,
          name: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name' })),
          code: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the code' })),
          sortField: Type.Optional(Type.Enum([...ROLE_SORT_FIELDS])),
          sortOrder: Type.Optional(Type.Enum(['asc', 'desc'])),
        }),
        response: { 200: EnvelopeOf(PageOf(RoleItemSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await roles.list(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.get(
    `${BASE}/permissionTree`,
    {
      config: { access: 'sys:role:view' },
      schema: {
        tags,
        summary:
          'The permission catalogue (group → pages → operations); grantable marks what the caller holds',
        response: { 200: EnvelopeOf(Type.Array(PermissionNodeSchema)) },
      },
    },
    async (request) => ok(roles.permissionTree(request.auth!)),
  );

  app.get(
    `${BASE}/detail`,
    {
      config: { access: 'sys:role:view' },
      schema: {
        tags,
        summary: 'A role with its grants (permission strings such as sys:user:edit)',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(RoleDetailSchema) },
      },
    },
    async (request) => ok(await roles.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:role:add and editing sys:role:edit; the service checks which applies.
      config: { access: 'sys:role:view' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:role:add) or edits (sys:role:edit) a role; grants only what you hold',
        description:
          'New roles belong to the caller’s tenant root office; the code is generated when absent. System roles ' +
          '(operator, auditor) are edited only by a super administrator and keep their code; the super ' +
          'administrator role always grants everything and is never edited.',
        body: Type.Object({
          id: Type.Optional(Id),
          name: Type.String({ maxLength: 200 }),
          code: Type.Optional(Type.String({ maxLength: 200, description: 'Generated when absent' })),
          remarks: Type.Optional(
            Type.Union([Type.String({ maxLength: ROLE_LIMITS.remarks * 2 }), Type.Null()]),
          ),
          grants: Type.Optional(
            Type.Unknown({ description: 'Permission strings: an array, or a comma-joined list' }),
          ),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const { grants, ...body } = request.body;
      const saved = await roles.save(request.auth!, { ...body, grants: parseGrants(grants) });
      request.log.info({ roleId: saved.id, created: body.id === undefined }, 'role saved');
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'sys:role:delete' },
      schema: {
        tags,
        summary: 'Deletes roles (all or none); never system roles or roles still held by users',
        body: Type.Object({ ids: IdList }),
        response: { 200: EnvelopeOf(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (request) => {
      const ids = parseIdList(request.body.ids, 'ids');
      const deleted = await roles.delete(request.auth!, ids);
      request.log.info({ ids: ids.length, deleted }, 'roles deleted');
      return ok({ deleted });
    },
  );

  app.get(
    `${BASE}/members`,
    {
      config: { access: 'sys:role:view' },
      schema: {
        tags,
        summary: 'Users holding a role, limited to the caller’s data range',
        querystring: Type.Object({
          id: Id,
          pageNo: PageNo,
          pageSize: PageQuery.properties.pageSize,
          name: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or login name' })),
        }),
        response: { 200: EnvelopeOf(PageOf(RoleMemberSchema)) },
      },
    },
    async (request) => {
      const { id, pageNo = 1, pageSize = 10, name } = request.query;
      return ok(await roles.members(request.auth!, id, pageNo, pageSize, name));
    },
  );

  app.post(
    `${BASE}/assignUsers`,
    {
      config: { access: 'sys:role:edit' },
      schema: {
        tags,
        summary: 'Gives a role to users in the caller’s data range',
        body: Type.Object({ roleId: Id, userIds: IdsInput }),
        response: { 200: EnvelopeOf(Type.Object({ added: Type.Integer() })) },
      },
    },
    async (request) => {
      const userIds = parseUserIds(request.body.userIds);
      const added = await roles.assignUsers(request.auth!, request.body.roleId, userIds);
      request.log.info({ roleId: request.body.roleId, users: userIds.length, added }, 'role assigned');
      return ok({ added });
    },
  );

  app.post(
    `${BASE}/removeUsers`,
    {
      config: { access: 'sys:role:edit' },
      schema: {
        tags,
        summary: 'Takes a role from users in the caller’s data range',
        body: Type.Object({ roleId: Id, userIds: IdsInput }),
        response: { 200: EnvelopeOf(Type.Object({ removed: Type.Integer() })) },
      },
    },
    async (request) => {
      const userIds = parseUserIds(request.body.userIds);
      const removed = await roles.removeUsers(request.auth!, request.body.roleId, userIds);
      request.log.info({ roleId: request.body.roleId, users: userIds.length, removed }, 'role removed');
      return ok({ removed });
    },
  );
};

export default rolesRoutes;
