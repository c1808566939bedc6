import type { MessageDocument, ProgramDocument, TerminalMessagePayload } from '@apm/contract';
import { mountMessagePreview, mountProgramPreview, type MessagePreview as Mounted } from '@apm/renderer';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProgramWeather } from '../../components/program-weather';
import { materialFileUrl } from '../../services/material';
import { getProgram } from '../../services/program';

/** Props of {@link MessagePreview}. */
export interface MessagePreviewProps {
  name: string;
  document: MessageDocument;
  /** Console URL of a notice's image. */
  imageUrl?: string | null;
  /** The message's id and revision, when it is a saved one. */
  id?: number;
  revision?: number;
}

/** Plays a takeover's program in the preview (the console's program preview), once it has loaded. */
function playProgram(container: HTMLElement, programId: number): () => void {
  let cancelled = false;
  let playing: { destroy(): void } | null = null;
  void getProgram(programId)
    .then((program) => {
      if (cancelled) return;
      playing = mountProgramPreview(container, program.document as unknown as ProgramDocument, {
        resolveMaterialUrl: (id) => materialFileUrl(id),
        fetchWeather: fetchProgramWeather,
        loop: true,
      });
    })
    // A program that cannot be read leaves the takeover's own background showing.
    .catch(() => undefined);
  return () => {
    cancelled = true;
    playing?.destroy();
  };
}

/**
 * A message as terminals show it, drawn by the shared renderer (`@apm/renderer`) on a 16:9 screen
 * over a neutral stand-in for the running program; it follows the document as it changes and the
 * box as it is resized.
 */
export default function MessagePreview({ name, document, imageUrl, id, revision }: MessagePreviewProps) {
  const { t } = useTranslation('messages');
  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | null>(null);
  const payload: TerminalMessagePayload = {
    id: id ?? 1,
    revision: revision ?? 1,
    name: name || '—',
    document,
    imageUrl: imageUrl ?? null,
  };
  const latest = useRef(payload);
  latest.current = payload;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const preview = mountMessagePreview(element, latest.current, {
      width: element.clientWidth || 640,
      height: element.clientHeight || 360,
      imageUrl: latest.current.imageUrl,
      playProgram,
    });
    mounted.current = preview;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth && element.clientHeight)
        preview.resize(element.clientWidth, element.clientHeight);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      mounted.current = null;
      preview.destroy();
    };
  }, []);

  const key = JSON.stringify(payload);
  useEffect(() => {
    mounted.current?.update(latest.current, latest.current.imageUrl ?? null);
  }, [key]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('previewLabel', { name: payload.name })}
      data-testid="message-preview-box"
      style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', overflow: 'hidden' }}
    />
  );
}
