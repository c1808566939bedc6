import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import { lazyRequire } from '../lazy-require.js';

/** fontkit, loaded when the fonts are first read. */
const fontkit = lazyRequire<typeof Fontkit>('fontkit');

/** Weight of a run of text. */
export type PdfFontWeight = 'regular' | 'bold';

/** One embeddable face: a font file (pdfkit subsets it) or a PDF standard font. */
interface FontFace {
  /** Name under which it is registered in a document. */
  name: string;
  /** Font bytes; absent for a PDF standard font (Helvetica), which is referenced by name. */
  data?: Buffer;
  /** Face inside a collection (.ttc), if the file is one. */
  family?: string;
}

/** A family in both weights and the characters it has glyphs for. */
interface FontFamily {
  regular: FontFace;
  bold: FontFace;
  covers(codePoint: number): boolean;
}

/** The families chosen for this process, tried in order for each character. */
export interface PdfFontSet {
  /** Where the faces came from, for logs and tests. */
  source: 'noto-packages' | 'system-noto-cjk' | 'system-dejavu' | 'standard';
  /** Whether Chinese and Korean text renders (false: those characters are lost). */
  coversCjk: boolean;
  families: FontFamily[];
}

const require = createRequire(import.meta.url);

/** Path of a file inside an installed package, or null when the package is not installed. */
function packageFile(specifier: string): string | null {
  try {
    return require.resolve(specifier);
  } catch {
    return null;
  }
}

/** A family from two font files, its coverage read from the regular face's character map. */
function familyOf(
  name: string,
  regularData: Buffer,
  boldData: Buffer,
  postscript?: [string, string],
): FontFamily {
  const parsed = fontkit().create(regularData, postscript?.[0]);
  const font = 'hasGlyphForCodePoint' in parsed ? parsed : null;
  return {
    regular: { name, data: regularData, family: postscript?.[0] },
    bold: { name: `${name}-bold`, data: boldData, family: postscript?.[1] },
    covers: (codePoint) => font?.hasGlyphForCodePoint(codePoint) ?? false,
  };
}

/**
 * Noto Sans (Latin, Cyrillic, currency signs), Noto Sans SC (Han, simplified and traditional)
 * and Noto Sans KR (Hangul), as Google Fonts publishes them, from the server's npm dependencies.
 */
function fromNotoPackages(): PdfFontSet | null {
  const pairs: [string, string, string][] = [
    ['apm-latin', 'noto-sans/400Regular/NotoSans_400Regular.ttf', 'noto-sans/700Bold/NotoSans_700Bold.ttf'],
    [
      'apm-sc',
      'noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
      'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    ],
    [
      'apm-kr',
      'noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
      'noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
    ],
  ];
  const families: FontFamily[] = [];
  for (const [name, regular, bold] of pairs) {
    const regularPath = packageFile(`@expo-google-fonts/${regular}`);
    const boldPath = packageFile(`@expo-google-fonts/${bold}`);
    if (!regularPath || !boldPath) return null;
    families.push(familyOf(name, readFileSync(regularPath), readFileSync(boldPath)));
  }
  return { source: 'noto-packages', coversCjk: true, families };
}

/** Debian's fonts-noto-cjk collection (one file covers Han, Hangul, Latin and Cyrillic). */
function fromSystemNotoCjk(): PdfFontSet | null {
  const regular = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  const bold = '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
  if (!existsSync(regular)) return null;
  const regularData = readFileSync(regular);
  const boldData = existsSync(bold) ? readFileSync(bold) : regularData;
  const boldName = existsSync(bold) ? 'NotoSansCJKsc-Bold' : 'NotoSansCJKsc-Regular';
  const family = familyOf('apm-cjk', regularData, boldData, ['NotoSansCJKsc-Regular', boldName]);
  return { source: 'system-noto-cjk', coversCjk: true, families: [family] };
}

/** DejaVu Sans (Latin and Cyrillic, no CJK), or the standard Helvetica as the last resort. */
function fromLatinFallback(): PdfFontSet {
  const regular = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const bold = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  if (existsSync(regular) && existsSync(bold)) {
    const family = familyOf('apm-dejavu', readFileSync(regular), readFileSync(bold));
    return { source: 'system-dejavu', coversCjk: false, families: [family] };
  }
  const helvetica: FontFamily = {
    regular: { name: 'Helvetica' },
    bold: { name: 'Helvetica-Bold' },
    covers: (codePoint) => codePoint < 0x100,
  };
  return { source: 'standard', coversCjk: false, families: [helvetica] };
}

let chosen: PdfFontSet | null = null;

/**
 * The faces documents use, read once per process: the Noto packages the server depends on, else
 * a system Noto CJK, else a Latin/Cyrillic face (documents still render; CJK text does not).
 */
export function pdfFonts(): PdfFontSet {
  chosen ??= fromNotoPackages() ?? fromSystemNotoCjk() ?? fromLatinFallback();
  return chosen;
}

/** Whether some face of the set has a glyph for every character of `text`. */
export function pdfCanRender(text: string): boolean {
  const { families } = pdfFonts();
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint > 0x20 && !families.some((family) => family.covers(codePoint))) return false;
  }
  return true;
}

/** A stretch of text set in one face. */
export interface PdfTextRun {
  font: string;
  text: string;
}

/**
 * Splits text into runs each set in the first face that has its characters; a character a face
 * already in use has (spaces, digits, punctuation) stays in that face's run.
 */
export function pdfTextRuns(text: string, weight: PdfFontWeight = 'regular'): PdfTextRun[] {
  const { families } = pdfFonts();
  const fallback = families[0] as FontFamily;
  const runs: PdfTextRun[] = [];
  let current: FontFamily | null = null;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!current || !current.covers(codePoint)) {
      const next: FontFamily = families.find((family) => family.covers(codePoint)) ?? current ?? fallback;
      if (next !== current) {
        runs.push({ font: next[weight].name, text: '' });
        current = next;
      }
    }
    (runs[runs.length - 1] as PdfTextRun).text += char;
  }
  return runs.length > 0 ? runs : [{ font: fallback[weight].name, text }];
}

/** Name of the face that sets most of `text`, used to measure it. */
export function fontNameFor(text: string, weight: PdfFontWeight = 'regular'): string {
  const runs = pdfTextRuns(text, weight);
  return runs.reduce((longest, run) => (run.text.length > longest.text.length ? run : longest)).font;
}

/** Registers every face of the set in a document (pdfkit embeds only those used, subsetted). */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  for (const family of pdfFonts().families) {
    for (const face of [family.regular, family.bold]) {
      if (face.data) doc.registerFont(face.name, face.data, face.family as string);
    }
  }
}
