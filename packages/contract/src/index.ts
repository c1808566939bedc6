export * from './envelope.js';
export * from './permissions.js';
export * from './menu-pages.js';
export * from './auth.js';
export * from './localized.js';
export * from './announcement.js';
export * from './account.js';
export * from './dictionary.js';
export * from './faq.js';
export * from './notification-admin.js';
export * from './role.js';
export * from './log.js';

/** Product version shown in the console footer. */
export const APP_VERSION = 'V3.8.52';
/** API base prefix. */
export const API_BASE = '/apm-web';
export * from './menu-names.js';
export * from './menu-icons.js';
export * from './office.js';
export * from './bytes.js';
export * from './material.js';
export * from './program.js';
export * from './program-validate.js';
export * from './program-api.js';
export * from './terminal-protocol.js';
export * from './terminal.js';
export * from './publish-api.js';
export * from './plan.js';
export * from './plan-api.js';
export * from './message.js';
export * from './message-api.js';
export * from './alarm.js';
export * from './strategy.js';
export * from './strategy-api.js';
export * from './sync-group.js';
export * from './home.js';
export * from './commerce.js';
