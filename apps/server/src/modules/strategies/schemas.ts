import type { Access } from '../../plugins/auth.js';

/** Who reads strategies and their terminals. */
export const STRATEGY_VIEWERS: Access = 'terminal:strategy:view';

/** Who saves strategies (creating needs `terminal:strategy:add`, changing `terminal:strategy:edit`; the service checks which). */
export const STRATEGY_MAKERS: Access = ['terminal:strategy:add', 'terminal:strategy:edit'];

/** Who changes a strategy's policies, links and unlinks terminals, and sends it. */
export const STRATEGY_EDITORS: Access = 'terminal:strategy:edit';

/** Who deletes strategies. */
export const STRATEGY_DELETERS: Access = 'terminal:strategy:delete';
