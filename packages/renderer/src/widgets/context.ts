import type { DataFeed, Font, Widget, WidgetType } from '@apm/contract';
import type { PlayReporter } from '../play-reporter.js';
import type { WeatherReport } from '../types.js';
import type { MediaLockHost } from './media-lock.js';

/** What a widget may ask of the renderer that shows it. */
export interface WidgetContext {
  resolveMaterialUrl(materialId: number): string;
  fetchWeather?: (city: string, units: 'metric' | 'imperial') => Promise<WeatherReport>;
  /** The cached items of a data source (data widgets). */
  fetchDataFeed?: (sourceId: number) => Promise<DataFeed>;
  /** Master volume 0–1. */
  volume(): number;
  locale: string;
  next(): void;
  previous(): void;
  goToScene(sceneId: string): void;
  exit(): void;
  /** A media widget could play none of its files (the player reports it as a playback error). */
  mediaFailed?(message: string): void;
  /** Lockstep playback: media keep to the shared clock (a one-file video or audio). */
  lockstep?: MediaLockHost;
  /** Proof of play of materials shown and widgets pressed (absent where nothing is reported). */
  plays?: PlayReporter;
}

/** A widget on screen: it pauses and resumes with the renderer and releases what it holds. */
export interface MountedWidget {
  pause?(): void;
  resume?(): void;
  /** The master volume changed. */
  volumeChanged?(): void;
  destroy(): void;
}

/** Builds a widget's content inside `el` (already positioned and sized on the canvas). */
export type WidgetMount<T extends WidgetType> = (
  el: HTMLElement,
  widget: Widget<T>,
  ctx: WidgetContext,
) => MountedWidget;

/** Applies a program font to an element (sizes are canvas px; the stage scales them). */
export function applyFont(el: HTMLElement, font: Font): void {
  el.style.fontFamily = font.family;
  el.style.fontSize = `${font.size}px`;
  el.style.color = font.color;
  el.style.fontWeight = font.bold ? 'bold' : 'normal';
  el.style.fontStyle = font.italic ? 'italic' : 'normal';
  el.style.textDecoration = font.underline ? 'underline' : 'none';
  if (font.lineHeight) el.style.lineHeight = String(font.lineHeight);
}

/** Plays a media element; when the browser refuses sound without a gesture, plays it muted. */
export function safePlay(media: HTMLMediaElement): void {
  media.play().catch((err: unknown) => {
    if (err instanceof DOMException && err.name === 'NotAllowedError' && !media.muted) {
      media.muted = true;
      media.play().catch(() => undefined);
    }
  });
}

/** Empties a media element so the browser lets go of its bytes and decoder. */
export function releaseMedia(media: HTMLMediaElement): void {
  media.pause();
  media.removeAttribute('src');
  media.load();
}

/** True for an absolute http(s) URL: what web pages and streams may load. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url);
}
