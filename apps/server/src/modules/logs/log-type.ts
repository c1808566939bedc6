import type { LogType } from '@apm/contract';

const like = (verb: string, ...prefixes: string[]) => prefixes.some((p) => verb.startsWith(p));
const has = (verb: string, ...parts: string[]) => parts.some((p) => verb.includes(p));

/**
 * The kind of an audit entry, from the last segment of its route (`save` of
 * `/apm-web/a/api/user/save`) and its method; first match wins. Stored with the entry when it
 * is written, so the log's type filter reads an index instead of classifying every row.
 */
export function logTypeOf(action: string, method: string, params?: Record<string, unknown> | null): LogType {
  const verb = (action.split('/').at(-1) ?? '').toLowerCase();
  if (verb === 'login') return 'login';
  if (verb === 'logout') return 'logout';
  if (has(verb, 'export')) return 'export';
  if (has(verb, 'import', 'upload')) return 'import';
  if (method === 'DELETE' || has(verb, 'delete', 'remove')) return 'delete';
  const id = params?.id;
  if (
    method === 'PUT' ||
    like(verb, 'add', 'create', 'insert', 'sysinit', 'register') ||
    (like(verb, 'save') && (id === undefined || id === null || id === ''))
  ) {
    return 'create';
  }
  if (method === 'POST' || method === 'PATCH' || like(verb, 'update', 'edit', 'modify', 'save', 'set')) {
    return 'update';
  }
  return 'other';
}
