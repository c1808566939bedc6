import type { Scene } from '@apm/contract';

/**
 * The images a scene shows first (its background and the first item of each visible image
 * widget), to fetch before it enters so it does not appear half painted.
 */
export function sceneFirstImages(scene: Scene): number[] {
  const ids = new Set<number>();
  if (scene.background.materialId) ids.add(scene.background.materialId);
  for (const widget of scene.widgets) {
    if (widget.hidden || widget.type !== 'image') continue;
    const first = widget.props.items[0];
    if (first) ids.add(first.materialId);
  }
  return [...ids];
}

/** Starts fetching images into the browser's cache; keeps the elements until the next call. */
export function createImagePreloader(doc: Document) {
  let held: HTMLImageElement[] = [];
  return (urls: string[]) => {
    held = urls.map((url) => {
      const img = doc.createElement('img');
      img.decoding = 'async';
      img.src = url;
      return img;
    });
    return held.length;
  };
}
