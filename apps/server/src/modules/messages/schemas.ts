import type { Access } from '../../plugins/auth.js';

/** Readers of messages: makers, managers, reviewers. */
export const MESSAGE_VIEWERS: Access = ['message:form:view', 'message:list:view', 'review:message:view'];

/** Makers of messages (creating needs `message:form:add`, updating `message:form:edit`; the service checks which). */
export const MESSAGE_MAKERS: Access = ['message:form:add', 'message:form:edit'];

/** Who may send, send again and stop messages. */
export const MESSAGE_SENDERS: Access = 'message:list:publish';

/** Who may browse terminals and groups to choose a message's targets. */
export const MESSAGE_CHOOSERS: Access = [
  'message:form:add',
  'message:form:edit',
  'message:list:publish',
  'publish:terminalSelection:view',
];

/** Who may read where a message stands on its terminals. */
export const MESSAGE_DELIVERY_VIEWERS: Access = [
  'message:form:view',
  'message:list:view',
  'review:message:view',
  'message:list:publish',
];

/** Who may stop a message on some terminals (terminal commanders, message senders). */
export const TERMINAL_MESSAGE_STOPPERS: Access = [
  'terminal:monitor:command',
  'terminal:debug:command',
  'message:list:publish',
];
