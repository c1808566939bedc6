import type { ProgramDocument } from '@apm/contract';
import { mountProgramPreview, type WeatherReport } from '@apm/renderer';
import { useEffect, useRef } from 'react';
import { materialFileUrl } from '../services/material';
import { request } from '../services/request';

/** Props of {@link ProgramPreview}. */
export interface ProgramPreviewProps {
  program: ProgramDocument;
  /** Height of the preview area; the program is fitted (letterboxed) into it. */
  height: number;
}

/** GET /apm-web/a/api/common/weather — the weather a weather widget shows. */
async function fetchWeather(city: string, units: 'metric' | 'imperial'): Promise<WeatherReport> {
  const { data } = await request<WeatherReport>('/a/api/common/weather', {
    params: { city, units },
    skipErrorHandler: true,
  });
  return data;
}

/**
 * A program playing as terminals play it: the shared renderer (`@apm/renderer`) mounted into a box,
 * the console's file URLs for materials. The only drawing path for previews; the chunk that holds it
 * loads with the first preview.
 */
export default function ProgramPreview({ program, height }: ProgramPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return undefined;
    const renderer = mountProgramPreview(box.current, program, {
      resolveMaterialUrl: (id) => materialFileUrl(id),
      fetchWeather,
      loop: true,
    });
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
