import {
  API_BASE,
  APP_VERSION,
  TERMINAL_BASE,
  type Manifest,
  type ServerMessage,
  type TerminalStatus,
} from '@apm/contract';
import { Backoff } from './backoff.js';
import { Channel } from './channel.js';
import { CommandQueue, type CommandOutcome } from './command-queue.js';
import { AckLog, runCommand } from './commands.js';
import { commandHandlers } from './command-handlers.js';
import { createDebugAgent } from './debug-agent.js';
import { DeviceApi, DeviceApiError } from './device-api.js';
import { DisplayKeeper } from './display-settings.js';
import { textsFor } from './i18n.js';
import { materialUrl, playOrder } from './manifest-plan.js';
import { MediaCache } from './media-cache.js';
import { dataFeedFor } from './data-feeds.js';
import { MessageImages } from './message-images.js';
import { MessageDesk, messageImageUrl } from './messages.js';
import { lockstepKey, lockstepOptions, lockstepProgram, LockstepStats } from './lockstep.js';
import { Playback } from './playback.js';
import { captureScreen } from './screenshot.js';
import { screenshotInterval, ScreenshotTimer } from './screenshot-timer.js';
import { deviceZone, MAX_WAIT_MS, scheduleAt, scheduleZone } from './schedule.js';
import { MemoryPlayStore } from './play-events.js';
import { ProofOfPlay } from './proof-of-play.js';
import { Screen } from './screen.js';
import { settingsFromServer } from './server-settings.js';
import { StrategyKeeper } from './strategy.js';
import * as storage from './storage.js';
import { ManifestSync } from './sync.js';
import { weatherFor } from './weather.js';

type Welcome = Extract<ServerMessage, { type: 'welcome' }>;

const CLEARED_KEY = 'apm.player.cleared';
const STRATEGY_KEY = 'apm.player.strategy';
const POWER_CHECK_MS = 15_000;

/**
 * The web player: registers this browser as a terminal, shows the pairing code until an
 * operator claims it, then keeps the manifest's programs playing from its cache, online or
 * not, and carries out the commands the channel brings.
 */
export class Player {
  readonly texts = textsFor(navigator.languages?.length ? navigator.languages : [navigator.language]);
  readonly screen = new Screen(this.texts);
  readonly settings = storage.loadSettings();
  identity = storage.loadIdentity();
  readonly api = new DeviceApi(() => this.identity.token);
  readonly cache = new MediaCache(this.api);
  readonly channel: Channel;
  /** Terminal debugging: the log kept and streamed, the last errors, ping answers. */
  readonly debug = createDebugAgent((message) => this.channel.send(message));
  readonly playback: Playback;
  /** Messages held and shown above the program (tickers, notices, takeovers). */
  readonly messages: MessageDesk;
  /** Notices' images, kept so that they show offline too. */
  private readonly messageImages = new MessageImages((url) => this.api.file(materialUrl({ url }), 0, null));
  sync!: ManifestSync;
  /** The terminal strategy (volume, brightness and power by time of day, a daily reboot), kept across reloads. */
  readonly strategy = new StrategyKeeper(
    {
      read: () => localStorage.getItem(STRATEGY_KEY),
      write: (value) =>
        value === null ? localStorage.removeItem(STRATEGY_KEY) : localStorage.setItem(STRATEGY_KEY, value),
    },
    {
      setVolume: (volume) => {
        this.playback.setVolume(volume);
        this.screen.root.dataset.volume = String(volume);
      },
      setBrightness: (percent) => {
        const filter = percent === 100 ? '' : `brightness(${percent}%)`;
        for (const layer of [this.screen.stage, this.screen.messages]) layer.style.filter = filter;
        this.screen.root.dataset.brightness = String(percent);
      },
      reload: () => location.reload(),
    },
  );
  /** Rotation and brightness set in the console (terminal settings), kept across reloads. */
  readonly display = new DisplayKeeper(this.screen.root, {
    read: () => localStorage.getItem('apm.player.display'),
    write: (value) => localStorage.setItem('apm.player.display', value),
  });
  private claimed = false;
  /** Screenshots uploaded by themselves on the interval a strategy or the terminal's settings give. */
  private readonly screenshots = new ScreenshotTimer(() => this.uploadScreenshot());
  private name = '';
  private readonly plays = new ProofOfPlay({
    send: (message) => this.channel.send(message),
    store: typeof indexedDB === 'undefined' ? new MemoryPlayStore() : storage.indexedDbPlayStore,
  });
  private readonly commands = new CommandQueue({
    acks: new AckLog({
      read: () => localStorage.getItem('apm.player.acks'),
      write: (value) => localStorage.setItem('apm.player.acks', value),
    }),
    run: (message) => this.execute(message),
    send: (ack) => void this.channel.send(ack),
    failed: (commandId, err) => console.error(`command ${commandId}`, err),
  });
  private screenOn = true;
  /** The manifest being played (its programs are all cached), or null before the first one. */
  private playing: Manifest | null = null;
  /** What the schedule put on screen at the last check (program ids and revisions). */
  private scheduleKey = '';
  private scheduleTimer: ReturnType<typeof setTimeout> | undefined;
  /** How far media frames were from the sync group's loop lately (heartbeats carry it). */
  private readonly lockstepStats = new LockstepStats();
  /** A program played by command overrides the schedule until this instant (epoch ms). */
  private overrideUntil = 0;
  /** The manifest version the server announced last (welcome or `manifest`). */
  private serverVersion: string | null = null;

  constructor() {
    this.channel = new Channel(
      () => this.identity.token,
      () => this.status(),
      {
        message: (message) => this.onMessage(message),
        state: (state) => {
          this.screen.connection(state);
          this.debug.connection(state);
        },
        unauthorised: () => void this.reset(),
        replaced: () => undefined,
      },
    );
    this.playback = new Playback({
      stage: this.screen.stage,
      resolveMaterialUrl: (id) => this.materialUrl(id),
      fetchWeather: (city, units) => weatherFor(this.api, city, units),
      fetchDataFeed: (id) => dataFeedFor(this.api, id),
      onPlayEvent: (event) => this.plays.add(event),
      onChange: (now) => {
        this.debug.playing(now);
        this.channel.beatSoon();
        this.screen.root.dataset.programId = now.kind === 'program' ? String(now.id) : '';
        if (now.kind === 'program') this.screen.show({ kind: 'playing' });
        else if (this.claimed) this.screen.show({ kind: 'waiting', name: this.name });
      },
    });
    this.messages = new MessageDesk(
      {
        container: this.screen.messages,
        store: {
          load: storage.loadMessages,
          save: storage.saveMessages,
          loadMemory: storage.loadMessageMemory,
          saveMemory: storage.saveMessageMemory,
        },
        resolveImageUrl: (payload) =>
          messageImageUrl(
            payload,
            (id) => this.messageImages.urlOf(id) ?? this.cache.urlOf(id),
            this.identity.token,
          ),
        onHeld: (list) => void this.messageImages.sync(list),
        playProgram: (container, programId) => this.playTakeoverProgram(container, programId),
        onPlayEvent: (event) => this.plays.add(event),
        onShowingChange: (ids) => {
          this.screen.root.dataset.messages = ids.join(',');
          this.updatePaused();
          this.channel.beatSoon();
        },
      },
      deviceZone(),
    );
  }

  /** Starts: plays what the cache holds at once, then registers and connects. */
  async start(): Promise<void> {
    const manifest = await storage.loadManifest().catch(() => null);
    this.plays.start();
    this.sync = new ManifestSync(
      {
        api: this.api,
        cache: this.cache,
        report: (message) => {
          this.debug.progress(message);
          this.channel.send(message);
        },
        ready: (m, changed) => void this.play(m, changed),
        fetched: (m, requestedAt) => {
          this.debug.manifest(m);
          this.messages.setTimeZone(scheduleZone(m));
          this.messages.reconcile(m.messages ?? [], requestedAt);
          // A takeover's program is in the new manifest: it streams until its files are cached.
          this.messages.programsChanged();
        },
      },
      this.identity.token ? manifest : null,
    );
    if (this.sync.current) this.messages.setTimeZone(scheduleZone(this.sync.current));
    await this.messageImages.prepare();
    await this.messages.start();
    this.playback.setVolume(this.settings.volume);
    this.applyPower();
    setInterval(() => {
      this.applyPower();
      this.applySchedule(false);
    }, POWER_CHECK_MS);
    if (this.sync.current) {
      this.claimed = true;
      this.name = this.sync.current.terminal.name;
      await this.play(this.sync.current, false);
    }
    await this.register();
    this.channel.start();
  }

  /** Plays a manifest once its materials are cached (restarting when they changed). */
  async play(manifest: Manifest, materialsChanged: boolean): Promise<void> {
    const programs = playOrder(manifest);
    await this.cache.prepare(programs.flatMap((p) => p.materials.map((m) => m.id)));
    this.name = manifest.terminal.name;
    this.screen.root.dataset.programs = String(programs.length);
    if (materialsChanged) this.playback.clear();
    this.playing = manifest;
    this.overrideUntil = 0;
    this.applySchedule(true);
  }

  /**
   * Plays what the schedule says for now (when that changed, or `always`) and looks again when it
   * ends: at a plan segment's end to the millisecond, at the latest a minute later.
   */
  private applySchedule(always: boolean): void {
    clearTimeout(this.scheduleTimer);
    const now = Date.now();
    const next = scheduleAt(this.playing, now);
    this.scheduleTimer = setTimeout(
      () => this.applySchedule(false),
      Math.max(0, Math.min(next.until - now, MAX_WAIT_MS)),
    );
    if (now < this.overrideUntil) return;
    if (this.applyLockstep(always)) return;
    const key = next.programs.map((p) => `${p.id}.${p.revision}`).join(',');
    this.screen.root.dataset.planEntry = next.segment?.entryId ?? '';
    if (!always && key === this.scheduleKey) return;
    this.scheduleKey = key;
    this.playback.setPrograms(next.programs);
  }

  /**
   * A sync group overrides the schedule: its program plays on the group's clock (restarted when the
   * group, its start or this screen's tile changed). False when the terminal plays in no group.
   */
  private applyLockstep(always: boolean): boolean {
    const run = lockstepProgram(this.playing);
    this.screen.root.dataset.syncGroup = run ? String(run.sync.groupId) : '';
    if (!run) {
      if (this.scheduleKey.startsWith('sync:')) this.lockstepStats.reset(null);
      return false;
    }
    const key = `${lockstepKey(run.sync)}:${run.program.id}.${run.program.revision}`;
    if (!always && key === this.scheduleKey) return true;
    this.scheduleKey = key;
    this.lockstepStats.reset(run.sync.groupId);
    this.channel.probeBurst();
    this.playback.setPrograms(
      [run.program],
      lockstepOptions(run.sync, this.channel.clock, this.lockstepStats),
    );
    return true;
  }

  /** Plays a program of the manifest now, until the schedule next changes; false when it has none such. */
  playNow(programId: number): boolean {
    // Without plans the published programs rotate: jump to it in the rotation.
    if (!this.playing?.plans.length) return this.playback.playNow(programId);
    const program = playOrder(this.playing).find((p) => p.id === programId);
    if (!program) return false;
    const now = Date.now();
    this.overrideUntil = Math.max(scheduleAt(this.playing, now).until, now + 1000);
    this.scheduleKey = '';
    this.playback.setPrograms([program]);
    return true;
  }

  /**
   * A takeover's program, played full screen in `container` by the program playback (the program
   * under the messages is paused, not restarted); null when the manifest does not hold it.
   */
  private playTakeoverProgram(container: HTMLElement, programId: number): (() => void) | null {
    const program = playOrder(this.sync?.current ?? this.playing).find((p) => p.id === programId);
    if (!program) return null;
    const playback = new Playback({
      stage: container,
      resolveMaterialUrl: (id) => this.materialUrl(id),
      fetchWeather: (city, units) => weatherFor(this.api, city, units),
      fetchDataFeed: (id) => dataFeedFor(this.api, id),
      onPlayEvent: (event) => this.plays.add(event),
      onChange: () => undefined,
    });
    playback.setVolume(this.settings.volume);
    playback.setPaused(!this.screenOn);
    playback.setPrograms([program]);
    return () => playback.clear();
  }

  /** The program plays unless the power schedule blanks the screen or a takeover covers it. */
  private updatePaused(): void {
    this.playback.setPaused(!this.screenOn || this.messages.takeover() !== null);
  }

  /** Registers until the server answers (a device id the server already holds gets a new id). */
  private async register(): Promise<void> {
    const backoff = new Backoff();
    while (!this.identity.token) {
      try {
        const answer = await this.api.register({
          deviceId: this.identity.deviceId,
          platform: 'web',
          appVersion: APP_VERSION,
          resolution: this.screen.resolution(),
        });
        this.identity = { ...this.identity, terminalId: answer.terminalId, token: answer.token ?? null };
        storage.saveIdentity(this.identity);
        if (answer.state === 'pending' && answer.pairingCode) {
          this.screen.show({ kind: 'pairing', code: answer.pairingCode });
        }
      } catch (err) {
        if (err instanceof DeviceApiError && err.status === 409) {
          this.identity = { deviceId: storage.newDeviceId(), terminalId: null, token: null };
          storage.saveIdentity(this.identity);
          continue;
        }
        console.warn(err);
        if (!this.sync.current) this.screen.show({ kind: 'message', text: this.texts.registerFailed });
        await new Promise((resolve) => setTimeout(resolve, backoff.closed()));
      }
    }
  }

  /** The token was refused: forget the content and this registration, and pair again. */
  private async reset(): Promise<void> {
    this.claimed = false;
    this.setCleared(false);
    this.identity = { ...this.identity, terminalId: null, token: null };
    storage.saveIdentity(this.identity);
    this.playback.clear();
    this.messages.clear();
    // A strategy belonged to the terminal that was removed: a new pairing starts without one.
    this.strategy.apply(null);
    this.applyPower();
    await this.sync.forget();
    await this.cache.remove();
    this.screen.show({ kind: 'connecting' });
    await this.register();
    this.channel.start();
  }

  private onMessage(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.onWelcome(message);
        break;
      case 'claimed':
        this.claimed = true;
        this.name = message.name;
        if (this.playback.nowPlaying().kind === 'idle')
          this.screen.show({ kind: 'waiting', name: this.name });
        this.syncNow(false);
        break;
      case 'manifest':
        this.serverVersion = message.version;
        if (message.version === this.sync.current?.version) break;
        this.setCleared(false);
        this.syncNow(false);
        break;
      case 'command':
        this.commands.receive(message);
        break;
      case 'playAck':
        void this.plays.acknowledged(message.ids);
        break;
      case 'error':
        console.warn(`server: ${message.code}: ${message.message}`);
        break;
      case 'debugPing':
      case 'debugErrors':
      case 'debugLogStream':
        this.debug.receive(message);
        break;
      case 'revoked':
      case 'heartbeatAck':
      case 'headCountAck': // this player has no camera: it sends no head counts
      case 'reconnect': // the channel's own business (it reconnects after the delay)
        break;
    }
  }

  private onWelcome(welcome: Welcome): void {
    this.channel.heartbeatEvery(welcome.heartbeatSeconds);
    this.name = welcome.name;
    this.claimed = welcome.state === 'claimed';
    if (!this.claimed) {
      this.playback.clear();
      this.screen.show({ kind: 'pairing', code: welcome.pairingCode ?? '' });
      return;
    }
    this.serverVersion = welcome.manifestVersion;
    this.applyServerSettings(welcome.settings);
    if (this.playback.nowPlaying().kind === 'idle') this.screen.show({ kind: 'waiting', name: this.name });
    // Cleared programs stay cleared until the operator refreshes or publishes something new.
    const cleared = localStorage.getItem(CLEARED_KEY);
    if (cleared === null || cleared !== (welcome.manifestVersion ?? '')) {
      this.setCleared(false);
      this.syncNow(false);
    }
    // Everything sent on the channel before and not acknowledged goes again.
    void this.plays.reconnected();
  }

  /** Marks the programs cleared (at the server's current version), or not. */
  setCleared(cleared: boolean): void {
    if (cleared) localStorage.setItem(CLEARED_KEY, this.serverVersion ?? this.sync.current?.version ?? '');
    else localStorage.removeItem(CLEARED_KEY);
  }

  private syncNow(force: boolean): void {
    this.sync.sync(force).catch((err: unknown) => this.syncFailed(err));
  }

  /** A refused token during a call means the same as on the channel. */
  syncFailed(err: unknown): void {
    if (err instanceof DeviceApiError && err.status === 401) {
      this.channel.stop();
      void this.reset();
      return;
    }
    console.warn(err);
  }

  /** Carries out one command (the queue makes it once per id); a reboot reloads once the ack has left. */
  private async execute(message: Extract<ServerMessage, { type: 'command' }>): Promise<CommandOutcome> {
    let afterAck: (() => void) | null = null;
    const ack = await runCommand(
      message,
      commandHandlers(this, (then) => {
        afterAck = then;
      }),
    );
    this.debug.command(message.name, ack);
    const then = afterAck as (() => void) | null;
    if (!then) return { ack };
    return {
      ack,
      afterSend: async () => {
        await this.channel.drain();
        then();
      },
    };
  }

  /** A material's URL: its cached copy, or (not cached yet) the server's, with the token. */
  private materialUrl(id: number): string {
    const cached = this.cache.urlOf(id);
    if (cached) return cached;
    const token = encodeURIComponent(this.identity.token ?? '');
    return `${API_BASE}${TERMINAL_BASE}/files/${id}?token=${token}`;
  }

  /** Applies what the console stored for this terminal (volume, power schedule). */
  private applyServerSettings(raw: Record<string, unknown>): void {
    const { volume, powerSchedule } = settingsFromServer(raw);
    if (volume !== undefined) {
      this.settings.volume = volume;
      this.playback.setVolume(volume);
    }
    if (powerSchedule !== undefined) this.settings.powerSchedule = powerSchedule;
    storage.saveSettings(this.settings);
    this.display.apply(raw);
    this.applyPower();
  }

  /** One screenshot on the interval, while claimed and connected (what a console would see of it). */
  private async uploadScreenshot(): Promise<void> {
    if (!this.claimed || !this.channel.isOpen) return;
    try {
      const { screenshotId } = await this.api.screenshot(await captureScreen(this.screen.root), null);
      this.debug.log.info(`screenshot ${screenshotId} uploaded on its interval`);
    } catch (err) {
      this.debug.log.add(
        'warn',
        `screenshot on its interval failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /** Applies the power schedule: outside its on-times the screen is black and playback paused. */
  applyPower(): void {
    this.screenshots.set(
      screenshotInterval(
        this.strategy.current?.document.screenshotIntervalMinutes,
        this.display.settings.screenshotIntervalMinutes,
      ),
    );
    const on = this.strategy.tick(this.settings);
    if (on === this.screenOn) return;
    this.screenOn = on;
    this.screen.blank(!on);
    this.updatePaused();
  }

  /** The status every heartbeat carries. */
  private async status(): Promise<TerminalStatus> {
    const now = this.playback.nowPlaying();
    const takeover = this.messages.takeover();
    const status: TerminalStatus = {
      playing: takeover
        ? { kind: 'message', id: takeover.id, name: takeover.name.slice(0, 200) }
        : now.kind === 'program'
          ? { kind: 'program', id: now.id, name: now.name?.slice(0, 200) }
          : now,
      volume: this.strategy.volume ?? this.settings.volume,
      appVersion: APP_VERSION,
      clock: new Date().toISOString(),
      resolution: this.screen.resolution(),
      downloads: this.sync.downloads,
      messages: this.messages.showing().slice(0, 100),
      ...(this.playback.error && !takeover ? { playError: this.playback.error } : {}),
    };
    this.debug.mediaError(this.playback.error);
    const lockstep = this.lockstepStats.summary();
    if (lockstep) status.lockstep = lockstep;
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    if (estimate?.quota !== undefined) {
      const total = estimate.quota;
      status.disk = { total, free: Math.max(0, total - (estimate.usage ?? 0)) };
    }
    return status;
  }
}
