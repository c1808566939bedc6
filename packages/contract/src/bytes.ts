/** Byte-size units in steps of 1024 (spec section 9). */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Formats a byte count as B, KB, MB, GB or TB in steps of 1024 (spec section 9), with up to
 * `digits` decimals and trailing zeros dropped: 0 → "0 B", 1536 → "1.5 KB", 10240 MiB → "10 GB".
 * Negative or non-finite input answers "0 B".
 */
export function formatBytes(bytes: number, digits = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? Math.round(value) : Number(value.toFixed(digits));
  return `${rounded} ${BYTE_UNITS[unit]}`;
}

/** Megabytes (MiB, as settings and quotas hold them) to bytes. */
export const mbToBytes = (mb: number): number => mb * 1024 * 1024;
