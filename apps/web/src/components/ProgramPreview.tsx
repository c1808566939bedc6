import type { ProgramDocument } from '@apm/contract';
import { mountProgramPreview, type PreviewState } from '@apm/renderer';
import { useEffect, useRef } from 'react';
import { materialFileUrl } from '../services/material';
import { getDataFeed } from '../services/widgets';
import { fetchProgramWeather } from './program-weather';

/** Props of {@link ProgramPreview}. */
export interface ProgramPreviewProps {
  program: ProgramDocument;
  /** Height of the preview area (CSS length or px); the program is fitted (letterboxed) into it. */
  height: number | string;
  /** The preview state (scene stack, active main scene, scale, slide index) whenever it changes. */
  onStateChange?: (state: PreviewState) => void;
}

/**
 * A program playing as terminals play it: the shared renderer (`@apm/renderer`) mounted into a box,
 * the console's file URLs for materials. The only drawing path for previews; the chunk that holds it
 * loads with the first preview.
 */
export default function ProgramPreview({ program, height, onStateChange }: ProgramPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // The latest listener, without mounting the renderer again when it changes.
  const listener = useRef(onStateChange);
  listener.current = onStateChange;
  useEffect(() => {
    if (!box.current) return undefined;
    const renderer = mountProgramPreview(box.current, program, {
      resolveMaterialUrl: (id) => materialFileUrl(id),
      fetchWeather: fetchProgramWeather,
      fetchDataFeed: (id) => getDataFeed(id),
      loop: true,
      onStateChange: (state) => listener.current?.(state),
    });
    listener.current?.(renderer.getState());
    return () => renderer.destroy();
  }, [program]);
  return (
    <div
      ref={box}
      data-testid="program-preview"
      style={{ position: 'relative', width: '100%', height, background: '#000', overflow: 'hidden' }}
    />
  );
}
