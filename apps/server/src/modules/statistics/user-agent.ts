/** Operating systems told apart in login statistics, in the order they are tried (Android before Linux). */
const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/i, 'Windows'],
  [/Android/i, 'Android'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];

/** Browsers told apart, in the order they are tried (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//i, 'Edge'],
  [/OPR\//i, 'Opera'],
  [/Firefox\//i, 'Firefox'],
  [/Chrom(e|ium)\//i, 'Chrome'],
  [/Safari\//i, 'Safari'],
];

/**
 * The device class of a sign-in, `Windows · Chrome`, from its user agent: the coarse grouping the
 * login statistics show (not a full user-agent parser; anything unrecognised is `Other`).
 */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Other';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? 'Other';
  return `${system} · ${browser}`;
}
