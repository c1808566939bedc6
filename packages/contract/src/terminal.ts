import { TERMINAL_HEALTH } from './alarm.js';
import { Type, type Static, type TSchema } from 'typebox';
import { COMMAND_NAMES, TERMINAL_STATE_VALUES, TerminalStatusSchema } from './terminal-protocol.js';

/** Shapes of the console's terminal calls (`/a/api/terminal`, `/a/api/terminalSet`). */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Delivery states of a command (see the server's terminal_commands table). */
export const COMMAND_STATE_VALUES = ['queued', 'sent', 'acked', 'failed', 'expired'] as const;
export type CommandDeliveryState = (typeof COMMAND_STATE_VALUES)[number];

/** Columns the terminal list sorts by. */
export const TERMINAL_SORT_FIELDS = ['name', 'createdAt', 'lastSeenAt', 'online'] as const;

/** A terminal as lists show it; `online`, `lastSeenAt` and `status` come from live presence. */
export const TerminalSchema = Type.Object({
  id: Type.Integer(),
  deviceId: Type.String(),
  name: Type.String(),
  state: Type.Enum([...TERMINAL_STATE_VALUES]),
  officeId: Nullable(Type.Integer()),
  officeName: Nullable(Type.String()),
  groupId: Nullable(Type.Integer()),
  groupName: Nullable(Type.String()),
  platform: Type.String(),
  appVersion: Nullable(Type.String()),
  resolution: Nullable(Type.String()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  status: Nullable(TerminalStatusSchema),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  address: Nullable(Type.String()),
  claimedAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Terminal = Static<typeof TerminalSchema>;

/** GET /a/api/terminal/terminalStatusCount */
export const TerminalStatusCountSchema = Type.Object({
  total: Type.Integer(),
  online: Type.Integer(),
  offline: Type.Integer(),
  /** Registered, waiting to be claimed (platform operators only see these). */
  pending: Type.Integer(),
});
export type TerminalStatusCount = Static<typeof TerminalStatusCountSchema>;

/** Live state of one terminal (findTerminalStatus / findTerminalStatusArray). */
export const TerminalLiveStatusSchema = Type.Object({
  id: Type.Integer(),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  status: Nullable(TerminalStatusSchema),
  /** Graded health: online, late (a heartbeat missed) or offline (absent from answers that do not grade it). */
  health: Type.Optional(Type.Enum([...TERMINAL_HEALTH])),
  /** Download progress of the manifest's materials, as last reported. */
  downloads: Type.Array(
    Type.Object({
      materialId: Type.Integer(),
      received: Type.Number(),
      total: Type.Number(),
      error: Type.Optional(Type.String()),
    }),
  ),
});
export type TerminalLiveStatus = Static<typeof TerminalLiveStatusSchema>;

/** A node of the terminal group tree of an office (groupTree). */
export interface TerminalGroupNode {
  id: number;
  officeId: number;
  parentId: number | null;
  name: string;
  terminalCount: number;
  children: TerminalGroupNode[];
}
export const TerminalGroupNodeSchema = Type.Cyclic(
  {
    Node: Type.Object({
      id: Type.Integer(),
      officeId: Type.Integer(),
      parentId: Nullable(Type.Integer()),
      name: Type.String(),
      terminalCount: Type.Integer(),
      children: Type.Array(Type.Ref('Node')),
    }),
  },
  'Node',
);

/** One command to one terminal and how far it got (delivery state). */
export const CommandDeliverySchema = Type.Object({
  id: Type.Integer(),
  batchId: Type.String(),
  terminalId: Type.Integer(),
  terminalName: Type.String(),
  name: Type.Enum([...COMMAND_NAMES]),
  params: Type.Object({}, { additionalProperties: true }),
  state: Type.Enum([...COMMAND_STATE_VALUES]),
  result: Nullable(Type.Object({}, { additionalProperties: true })),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  sentAt: Nullable(Type.String()),
  doneAt: Nullable(Type.String()),
  expiresAt: Type.String(),
});
export type CommandDelivery = Static<typeof CommandDeliverySchema>;

/** A screenshot a terminal uploaded (real-time and history). */
export const TerminalScreenshotSchema = Type.Object({
  id: Type.Integer(),
  terminalId: Type.Integer(),
  url: Type.String(),
  mime: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  size: Type.Integer(),
  createdAt: Type.String(),
});
export type TerminalScreenshot = Static<typeof TerminalScreenshotSchema>;
