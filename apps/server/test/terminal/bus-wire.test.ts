import type { ServerMessage } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import type { TerminalDelivery } from '../../src/terminal/bus.js';
import { decodeDeliveries, encodeDeliveries } from '../../src/terminal/redis-bus.js';

describe('terminal bus wire (Redis)', () => {
  const params = { volume: 30 };
  const expiresAt = '2026-12-01T00:00:00.000Z';
  const command = (terminalId: number, commandId: number): TerminalDelivery => ({
    terminalId,
    message: { type: 'command', commandId, name: 'volume', params, expiresAt },
  });
  const manifest: ServerMessage = { type: 'manifest', version: 'v7' };
  const deliveries = [
    command(1, 101),
    command(2, 102),
    command(3, 103),
    { terminalId: 2, message: manifest },
    { terminalId: 5, message: manifest },
  ];

  it('carries a command to many as one template with its id pairs, and other messages by terminal', () => {
    const wires = encodeDeliveries(deliveries);
    expect(wires).toHaveLength(2);
    expect(wires[0]).toMatchObject({ k: 'c', name: 'volume', params, pairs: [1, 101, 2, 102, 3, 103] });
    expect(wires[1]).toMatchObject({ k: 'm', ids: [2, 5] });
    const decoded = wires.flatMap((wire) => decodeDeliveries(JSON.parse(JSON.stringify(wire))));
    expect(decoded).toEqual(deliveries);
  });

  it('builds only the deliveries to terminals the instance holds', () => {
    const held = new Set([2, 5]);
    const decoded = encodeDeliveries(deliveries).flatMap((wire) =>
      decodeDeliveries(wire, (id) => held.has(id)),
    );
    expect(decoded).toEqual([
      command(2, 102),
      { terminalId: 2, message: manifest },
      { terminalId: 5, message: manifest },
    ]);
    expect(
      encodeDeliveries([command(9, 109)]).flatMap((wire) => decodeDeliveries(wire, () => false)),
    ).toEqual([]);
  });
});
