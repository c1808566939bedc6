import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../plugins/services.js';

/** Starts presence (loading what the database kept), command and play-event flushing, and the gateway. */
export async function startTerminalServices(services: Services, log: FastifyBaseLogger): Promise<void> {
  await services.terminalBus.start(log);
  await services.terminalPresence.start(log);
  services.terminalCommands.start(log);
  services.terminalPlayEvents.start(log);
  services.terminalHeadCounts.start(log);
  // Once for the cluster: the leader drops old partitions and creates next month's.
  services.playRetention.follow(services.leader, log);
  // Once for the cluster: the leader rolls online periods up to the hour for the statistics.
  services.onlineRollup.follow(services.leader, log);
  services.terminalGateway.start(log);
}

/** Stops them, writing everything buffered (channels count as closed from here on). */
export async function stopTerminalServices(services: Services): Promise<void> {
  services.terminalGateway.stop();
  services.playRetention.detach();
  services.onlineRollup.detach();
  await services.terminalCommands.stop();
  await services.terminalPlayEvents.stop();
  await services.terminalHeadCounts.stop();
  await services.terminalPresence.stop();
}
