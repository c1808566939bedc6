/** Host-name check of the second domain name, as the server applies it. */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Whether a value is a host name such as signage.example.com (no scheme, port, path or IP address). */
export function isHostName(raw: string): boolean {
  const value = raw.trim().toLowerCase().replace(/\.$/, '');
  const labels = value.split('.');
  return (
    value.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    !/^[0-9]+$/.test(labels[labels.length - 1]!)
  );
}
