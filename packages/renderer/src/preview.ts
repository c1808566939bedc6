import type { ProgramDocument } from '@apm/contract';
import { createRenderer } from './renderer.js';
import type { Renderer, RendererOptions } from './types.js';

/**
 * The console's preview in one call: renders a program into `container` in preview mode,
 * fitted to it, playing at once. Returns the renderer (call `destroy()` when the preview closes).
 */
export function mountProgramPreview(
  container: HTMLElement,
  program: ProgramDocument,
  options: Omit<RendererOptions, 'mode'>,
): Renderer {
  const renderer = createRenderer(container, program, { ...options, mode: 'preview' });
  renderer.play();
  return renderer;
}
