/** The schedule resolver shared by the server, the console and the player. */
export * from './calendar.js';
export * from './entry-days.js';
export * from './occurrences.js';
export * from './timeline.js';
export * from './program-length.js';
export * from './plan-problems.js';
export * from './terminal-schedule.js';
export * from './message-schedule.js';
export * from './strategy-at.js';
