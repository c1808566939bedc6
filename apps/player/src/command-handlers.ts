import { CommandRefused, NOT_SUPPORTED, type CommandHandlers } from './commands.js';
import { currentPosition, type PositionSource } from './geolocation.js';
import type { Player } from './player.js';
import { isScreenOn } from './power-schedule.js';
import { captureScreen } from './screenshot.js';
import { saveSettings } from './storage.js';

/**
 * What each command does on the web player. `afterAck` registers something to do once the
 * acknowledgement has left (a reboot reloads the page only after the server heard of it);
 * `geolocation` answers `reportLocation` (the browser's, unless a test gives another).
 */
export function commandHandlers(
  player: Player,
  afterAck: (then: () => void) => void,
  geolocation: PositionSource | null = typeof navigator === 'undefined'
    ? null
    : (navigator.geolocation ?? null),
): CommandHandlers {
  const notSupported = async (): Promise<never> => {
    throw new CommandRefused(NOT_SUPPORTED);
  };
  return {
    async reboot() {
      afterAck(() => location.reload());
      return { reloading: true };
    },
    async screenshot(_params, commandId) {
      const image = await captureScreen(player.screen.root);
      const { screenshotId } = await player.api.screenshot(image, commandId);
      return { screenshotId, bytes: image.size, type: image.type };
    },
    async volume({ volume }) {
      player.settings.volume = volume;
      saveSettings(player.settings);
      player.playback.setVolume(volume);
      return { volume };
    },
    async playProgram({ programId }) {
      if (!player.playNow(programId)) {
        throw new CommandRefused(`program ${programId} is not published to this terminal`);
      }
      return { programId };
    },
    async playMessage({ messageId }) {
      if (!player.messages.playNow(messageId)) {
        throw new CommandRefused(`message ${messageId} is not held by this terminal`);
      }
      return { messageId, showing: true };
    },
    async showMessage({ message }) {
      return { showing: player.messages.show(message) };
    },
    async stopMessage({ messageId }) {
      return { stopped: player.messages.stop(messageId), showing: false };
    },
    updateApp: notSupported,
    async clearPrograms() {
      player.setCleared(true);
      player.playback.clear();
      await player.sync.forget();
      const deleted = await player.cache.remove();
      return { deletedFiles: deleted };
    },
    async clearCache() {
      // Everything goes and comes back: cached files, the stored manifest, then a whole fetch.
      player.playback.clear();
      await player.sync.forget();
      const deletedFiles = await player.cache.remove();
      player.setCleared(false);
      await player.sync.sync(true);
      const manifest = player.sync.current;
      return { deletedFiles, version: manifest?.version ?? null, downloaded: player.sync.downloads.done };
    },
    async refreshPrograms() {
      player.setCleared(false);
      await player.sync.sync(true);
      const manifest = player.sync.current;
      return { version: manifest?.version ?? null, programs: manifest?.programs.length ?? 0 };
    },
    async deleteFiles({ materialIds }) {
      const deleted = await player.cache.remove(materialIds);
      // Files the manifest still needs come back at once; until then they stream from the server.
      if (deleted > 0 && player.sync.current) {
        void player.sync.sync().catch((err: unknown) => player.syncFailed(err));
      }
      return { deleted };
    },
    async setLocation(location) {
      player.settings.location = location;
      saveSettings(player.settings);
      return { latitude: location.latitude, longitude: location.longitude };
    },
    reportLocation: () => currentPosition(geolocation),
    async powerSchedule({ entries }) {
      player.settings.powerSchedule = entries;
      saveSettings(player.settings);
      player.applyPower();
      return { entries: entries.length, screenOn: isScreenOn(entries, new Date()) };
    },
    async displaySettings(params) {
      return { ...player.display.apply(params) };
    },
    async applyStrategy({ strategy }) {
      const applied = player.strategy.apply(strategy);
      player.applyPower();
      return applied;
    },
  };
}
