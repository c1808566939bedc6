/** Human names of permission strings, for "you have no permission: <name>" messages. Pure. */
import { OPERATION_NAMES, PERMISSION_NAMES, splitPermission, type Language } from '@apm/contract';

/** Name parts of a permission string in a language: the page (or the raw id) and the operation. */
export function permissionNameParts(
  permission: string,
  language: Language,
): { page: string; operation: string } {
  const { id, operation } = splitPermission(permission);
  return {
    page: PERMISSION_NAMES[id]?.[language] ?? id,
    operation: OPERATION_NAMES[operation]?.[language] ?? operation,
  };
}
