/**
 * The program renderer shared by the editor preview and the player. The program format and
 * the widgets arrive with the terminal-protocol issue; this module exports the version of
 * the renderer so that both sides can report it.
 */
export const RENDERER_VERSION = 1;
