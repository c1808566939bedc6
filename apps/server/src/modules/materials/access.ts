import type { Access } from '../../plugins/auth.js';

/** Who may see a material's details and bytes: library users, and reviewers judging it. */
export const MATERIAL_VIEWERS: Access = ['res:material:view', 'review:material:view'];
