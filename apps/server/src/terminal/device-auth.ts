import { DEVICE_AUTH_SCHEME } from '@apm/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { DeviceIdentity, TerminalDeviceService } from './device-service.js';

const HEADER = new RegExp(`^${DEVICE_AUTH_SCHEME}\\s+(\\S+)$`, 'i');

/** The device token of a request: `Authorization: Device <token>`, else the `token` query parameter. */
export function readDeviceToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? HEADER.exec(header.trim()) : null;
  if (match) return match[1]!;
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' && query.token ? query.token : null;
}

/** The terminal calling, or 401 naming what is missing or wrong. */
export async function requireDevice(
  request: FastifyRequest,
  devices: TerminalDeviceService,
): Promise<DeviceIdentity> {
  const token = readDeviceToken(request);
  if (!token)
    throw unauthorized(
      `A device token is required (Authorization: ${DEVICE_AUTH_SCHEME} <token>)`,
      'noDeviceToken',
    );
  const identity = await devices.authenticate(token);
  if (!identity) throw unauthorized('The device token is unknown or revoked', 'badDeviceToken');
  return identity;
}

/** The terminal calling, which must be claimed: 403 while it waits for an operator. */
export async function requireClaimedDevice(
  request: FastifyRequest,
  devices: TerminalDeviceService,
): Promise<DeviceIdentity> {
  const identity = await requireDevice(request, devices);
  if (identity.state !== 'claimed') throw forbidden('The terminal is not claimed yet', 'terminalPending');
  return identity;
}
