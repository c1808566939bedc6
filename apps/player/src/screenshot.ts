import { domToBlob } from 'modern-screenshot';

/**
 * Captures what the screen shows (the stage with the playing program, or the pairing screen)
 * as a JPEG, at the size it has on screen; the status corner is left out.
 */
export async function captureScreen(root: HTMLElement): Promise<Blob> {
  const blob = await domToBlob(root, {
    type: 'image/jpeg',
    quality: 0.85,
    backgroundColor: '#000000',
    width: root.clientWidth,
    height: root.clientHeight,
    timeout: 10_000,
    filter: (node) => !(node instanceof HTMLElement && node.dataset.noCapture !== undefined),
  });
  if (blob.type !== 'image/jpeg' && blob.type !== 'image/png') {
    throw new Error(`the capture gave ${blob.type || 'an untyped blob'}`);
  }
  return blob;
}
