import {
  OfficeNodeSchema,
  PageQuery,
  TERMINAL_SORT_FIELDS,
  TerminalLiveStatusSchema,
  TerminalScreenshotSchema,
  TerminalSchema,
} from '@apm/contract';
import { Type, type TSchema } from 'typebox';
import type { Access } from '../../plugins/auth.js';
import { MAX_TERMINAL_IDS } from './terminal-scope.js';

/** Who may read terminals: any of the terminal pages. */
export const TERMINAL_VIEWERS: Access = [
  'terminal:monitor:view',
  'terminal:info:view',
  'terminal:settings:view',
  'terminal:debug:view',
];

/** Who may send commands. */
export const TERMINAL_COMMANDERS: Access = ['terminal:monitor:command', 'terminal:debug:command'];

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Terminal ids as a JSON array or a comma-joined string (form bodies). */
export const TerminalIdsSchema = Type.Union([
  Type.Array(Id, { minItems: 1, maxItems: MAX_TERMINAL_IDS }),
  Type.String({ maxLength: MAX_TERMINAL_IDS * 11, description: 'Comma-joined terminal ids, e.g. "1,2,3"' }),
]);

/** Filters of the terminal lists. */
export const ListFilters = {
  officeId: Type.Optional(Type.Integer({ ...Id, description: 'Terminals of this office and below' })),
  groupId: Type.Optional(Type.Integer({ ...Id, description: 'Terminals of this group and its subgroups' })),
  status: Type.Optional(Type.Enum(['online', 'offline', 'pending'])),
  keyword: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or device id' })),
};

/** Paging and sort of the terminal lists. */
export const ListQuery = Type.Object({
  ...PageQuery.properties,
  ...ListFilters,
  sortField: Type.Optional(Type.Enum([...TERMINAL_SORT_FIELDS], { default: 'createdAt' })),
  sortOrder: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc' })),
});

/** A row of `baseList` (pickers). */
export const TerminalBaseSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  deviceId: Type.String(),
  state: TerminalSchema.properties.state,
  officeId: Nullable(Type.Integer()),
  officeName: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  groupName: Nullable(Type.String()),
  online: Type.Boolean(),
});

/** A row of `screenBaseList` (the screen wall): the latest screenshot with the terminal. */
export const TerminalScreenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  officeName: Nullable(Type.String()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  screenshot: Nullable(TerminalScreenshotSchema),
});

/** `terminalDetails`. */
export const TerminalDetailsSchema = Type.Object({
  ...TerminalSchema.properties,
  pairingCode: Nullable(Type.String()),
  settings: Type.Object({}, { additionalProperties: true }),
  remarks: Nullable(Type.String()),
  /** Downloads as last reported, each with its material's name (null for one of no program published to it). */
  downloads: Type.Array(
    Type.Object({
      ...TerminalLiveStatusSchema.properties.downloads.items.properties,
      materialName: Nullable(Type.String()),
    }),
  ),
  timeZone: Nullable(Type.String({ description: 'Its own IANA zone (settings); null: it inherits' })),
  inheritedTimeZone: Type.String({
    description: 'The zone without its own: the nearest office up the tree with one, else the server’s',
  }),
  effectiveTimeZone: Type.String({ description: 'The zone its plans are read in' }),
});

/** A node of `treeDataNew`: an office with the claimed terminals of its subtree counted. */
export const OfficeTerminalNodeSchema = Type.Object({
  ...OfficeNodeSchema.properties,
  terminalCount: Type.Integer(),
  onlineCount: Type.Integer(),
});
