/**
 * Pure helpers of message production: the form's values and the save body, a kind change, the
 * document a preview draws while fields are half typed, field paths of server errors, and which
 * field a document problem names.
 */
import {
  defaultMessageDocument,
  messageDocumentProblem,
  type MessageDetail,
  type MessageDocument,
  type MessageKind,
  type MessageSaveBody,
  type MessageTargets,
} from '@apm/contract';

/** What the form holds: the save body without id and revision. */
export interface MessageFormValues {
  name: string;
  document: MessageDocument;
  targets: MessageTargets;
}

/** No targets. */
export const NO_TARGETS: MessageTargets = { terminalIds: [], groupIds: [], officeIds: [] };

/** The values a message (or a new one, null) opens with. */
export function formValuesOf(
  detail: Pick<MessageDetail, 'name' | 'document' | 'targets'> | null,
): MessageFormValues {
  if (!detail) return { name: '', document: defaultMessageDocument('ticker'), targets: NO_TARGETS };
  return { name: detail.name, document: detail.document, targets: detail.targets };
}

/**
 * The document with `kind` and that kind's part (kept when it is already that kind, else the kind's
 * defaults); the other kinds' parts go, and a ticker-only `repeat` goes for other kinds.
 */
export function withKind(document: MessageDocument, kind: MessageKind): MessageDocument {
  if (document.kind === kind) return document;
  const { ticker: _t, notice: _n, takeover: _k, ...rest } = document;
  const fresh = defaultMessageDocument(kind);
  return {
    ...rest,
    kind,
    [kind]: fresh[kind],
    repeat: kind === 'ticker' ? rest.repeat : null,
  } as MessageDocument;
}

/** Drops what does not belong to the document's kind (other kinds' parts, a non-custom ticker offset). */
export function cleanDocument(document: MessageDocument): MessageDocument {
  const { ticker, notice, takeover, ...rest } = document;
  const out: MessageDocument = { ...rest };
  if (document.kind === 'ticker' && ticker) {
    const { offsetPercent, ...band } = ticker;
    out.ticker = band.position === 'custom' ? { ...band, offsetPercent: offsetPercent ?? 0 } : band;
  }
  if (document.kind === 'notice' && notice) out.notice = notice;
  if (document.kind === 'takeover' && takeover) out.takeover = takeover;
  if (document.kind !== 'ticker') out.repeat = null;
  return out;
}

/** The save body of the form's values (name trimmed, document cleaned). */
export function saveBodyOf(
  values: MessageFormValues,
  id: number | null,
  baseRevision: number | undefined,
): MessageSaveBody {
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    document: cleanDocument(values.document),
    targets: values.targets,
    ...(baseRevision ? { baseRevision } : {}),
  };
}

/** Whether two form states would save the same message. */
export function sameMessage(a: MessageFormValues, b: MessageFormValues): boolean {
  return JSON.stringify(saveBodyOf(a, null, undefined)) === JSON.stringify(saveBodyOf(b, null, undefined));
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The document a preview draws while the form is being typed: empty numbers and colours take the
 * kind's defaults, so a half-typed field never breaks the drawing.
 */
export function previewDocumentOf(document: Partial<MessageDocument> | undefined): MessageDocument {
  const kind = document?.kind ?? 'ticker';
  const base = defaultMessageDocument(kind);
  const doc = { ...base, ...(document ?? {}) } as MessageDocument;
  const font = { ...base.font, ...(doc.font ?? {}) };
  if (!isNumber(font.size)) font.size = base.font.size;
  if (!font.color) font.color = base.font.color;
  if (!font.family) font.family = base.font.family;
  const out: MessageDocument = {
    ...doc,
    kind,
    text: doc.text ?? '',
    font,
    background: doc.background || base.background,
    priority: isNumber(doc.priority) ? doc.priority : base.priority,
    weekdays: doc.weekdays ?? [],
    windows: (doc.windows ?? []).filter((w) => w && w.start && w.end),
    repeat: isNumber(doc.repeat) ? doc.repeat : null,
    durationSec: isNumber(doc.durationSec) ? doc.durationSec : null,
  };
  if (kind === 'ticker') {
    const band = { ...base.ticker!, ...(doc.ticker ?? {}) };
    if (!isNumber(band.speed)) band.speed = base.ticker!.speed;
    if (band.position === 'custom' && !isNumber(band.offsetPercent)) band.offsetPercent = 0;
    out.ticker = band;
  }
  if (kind === 'notice') {
    const box = { ...base.notice!, ...(doc.notice ?? {}) };
    for (const key of ['x', 'y', 'width', 'height'] as const)
      if (!isNumber(box[key])) box[key] = base.notice![key];
    out.notice = box;
  }
  if (kind === 'takeover') out.takeover = { ...base.takeover!, ...(doc.takeover ?? {}) };
  return cleanDocument(out);
}

/** A form field's name path of a server field (`document.windows[1].end` → `['document','windows',1,'end']`). */
export function fieldPath(field: string): (string | number)[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Keys (under `problems.`) of the messages for the document problems the form can run into. */
export type DocumentProblemKey =
  'textRequired' | 'offsetRequired' | 'untilAfterFrom' | 'repeatTickerOnly' | 'kindPart';

/** The problem of a document (the field it names and its message key), or null. */
export function documentProblem(
  document: MessageDocument,
): { field: string; key: DocumentProblemKey } | null {
  const problem = messageDocumentProblem(document);
  if (!problem) return null;
  const keys: Record<string, DocumentProblemKey> = {
    'document.text': 'textRequired',
    'document.ticker.offsetPercent': 'offsetRequired',
    'document.validUntil': 'untilAfterFrom',
    'document.repeat': 'repeatTickerOnly',
  };
  return { field: problem.field, key: keys[problem.field] ?? 'kindPart' };
}

/** How many terminals, groups and offices the targets name. */
export function targetCount(targets: MessageTargets | undefined): number {
  if (!targets) return 0;
  return targets.terminalIds.length + targets.groupIds.length + targets.officeIds.length;
}
