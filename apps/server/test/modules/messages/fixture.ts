import { defaultMessageDocument, type MessageDocument, type MessageKind } from '@apm/contract';

/** A message document of a kind with text, overridden by `extra`. */
export function messageDoc(
  kind: MessageKind = 'ticker',
  text = 'Store closes at 8 pm',
  extra: Partial<MessageDocument> = {},
): MessageDocument {
  return { ...defaultMessageDocument(kind), text, ...extra };
}

/** Targets naming terminals only. */
export const toTerminals = (...terminalIds: number[]) => ({ terminalIds, groupIds: [], officeIds: [] });

/** No targets. */
export const NO_TARGETS = { terminalIds: [], groupIds: [], officeIds: [] };
