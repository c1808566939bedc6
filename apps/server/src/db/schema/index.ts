/** Every table of the database, one per file. */
export * from './offices.js';
export * from './users.js';
export * from './roles.js';
export * from './permissions.js';
export * from './role-grants.js';
export * from './user-roles.js';
export * from './menus.js';
export * from './system-settings.js';
export * from './sessions.js';
export * from './audit-logs.js';
export * from './notifications.js';
export * from './announcements.js';
export * from './notification-batches.js';
export * from './customer-brands.js';
export * from './dict-entries.js';
export * from './faqs.js';
