import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Debian package of {@link CHROMIUM_PATH}'s default. */
const CHROMIUM_PACKAGE = 'chromium-headless-shell';

/**
 * The Chromium that playwright-core drives (its own browser download cannot work here): Debian's headless shell,
 * the same Blink and V8 as Debian's `chromium` without the desktop browser around them (its window, tab strip and
 * their compositor, which a headless `chromium` still runs for every context). Playwright drives the same build
 * of its own in headless mode. Measured on 2026-12-02, eight specs in two sets, each set run with both in turn:
 * 91 and 97 CPU-s with `chromium`, 61 and 67 with the shell (−31 to −33 %); 137 and 141 s → 106 and 109 s.
 * `CHROMIUM_PATH=/usr/bin/chromium` runs the tests in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? `/usr/bin/${CHROMIUM_PACKAGE}`;

/** Installs Debian's headless Chromium with apt when it is missing and we run as root; otherwise explains. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y ${CHROMIUM_PACKAGE}"`,
    );
  }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', CHROMIUM_PACKAGE], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * What Chromium needs on this machine: no sandbox as root, no GPU, and none of its background
 * connections (the closed network refuses them, many at a time).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, `chromiumSwitches.ts`). Chromium keeps only
 * the last `--disable-features` switch, so {@link launchChromium}'s list must repeat it;
 * `specs/chromium.test.ts` fails when Playwright's list holds a feature this one lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's WebUI popups, which the full Chromium 156 in headless mode loads into two renderers of their
 * own for every window, that is for every browser context, though nothing shows them: ≈ 0.85 s of CPU and 0.3 s
 * per context. The headless shell has no address bar; the switch keeps `CHROMIUM_PATH=/usr/bin/chromium` lean.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'] as const;

/** The switches of {@link launchChromium}: {@link CHROMIUM_FLAGS} and the features it turns off. */
const LAUNCH_ARGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
];

/**
 * Launches headless Chromium ({@link CHROMIUM_PATH}) with the flags this machine needs. Measured on 2026-12-01
 * and not taken, for costing the same CPU within the noise (±10 % over four specs): `--in-process-gpu`,
 * `--disable-gpu-compositing`. A cold page load of the console costs ≈ 3 CPU-s in the shell, mostly in its
 * renderer (the console's start-up script, ≈ 1.2 s on the main thread, and parsing 1.9 MB of script).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });
}
