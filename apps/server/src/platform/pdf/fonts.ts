import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as createFont, type FontkitFont } from 'fontkit';

/**
 * The embedded fonts of every PDF: Noto Sans SC (Chinese, Latin, digits, CJK punctuation) and Noto Sans Thai
 * (Thai script, with its mark positioning), regular and bold, from the npm packages @expo-google-fonts/*
 * (SIL Open Font License). pdfkit embeds only the glyphs a document uses, so a label stays a few kilobytes.
 *
 * The TTF files are read and parsed once per process (a CJK font takes ~80 ms to parse; a cached one lays out
 * text in well under a millisecond) and shared by every document.
 *
 * pdfkit has no font fallback, so text is split into runs by script (`scriptRuns`): Thai letters go to the Thai
 * face, everything else to the Chinese face; spaces stay with the run they are in.
 */
export type FontFace = 'sc' | 'th';
export type FontWeight = 'regular' | 'bold';
export type FontName = `${FontFace}-${FontWeight}`;

const require = createRequire(import.meta.url);

const FILES: Record<FontName, string> = {
  'sc-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'sc-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  'th-regular': '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
  'th-bold': '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
};

export const FONT_NAMES = Object.keys(FILES) as FontName[];

const cache = new Map<FontName, FontkitFont>();

/** The parsed font (loaded on first use). */
export function loadFont(name: FontName): FontkitFont {
  let font = cache.get(name);
  if (!font) {
    font = createFont(readFileSync(require.resolve(FILES[name])));
    cache.set(name, font);
  }
  return font;
}

/** Parses every face now (start-up or a test's beforeAll), so the first print does not pay for it. */
export function preloadFonts(): void {
  for (const name of FONT_NAMES) loadFont(name);
}

export function fontName(face: FontFace, bold = false): FontName {
  return `${face}-${bold ? 'bold' : 'regular'}`;
}

/** Thai block U+0E00..U+0E7F. */
const isThai = (cp: number) => cp >= 0x0e00 && cp <= 0x0e7f;
const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\u00a0' || ch === '\u3000';

export interface TextRun {
  text: string;
  face: FontFace;
}

/** Splits text into runs of one face (Thai letters in 'th', the rest in 'sc'). */
export function scriptRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const ch of text) {
    const face: FontFace | undefined = isSpace(ch) ? current?.face : isThai(ch.codePointAt(0)!) ? 'th' : 'sc';
    if (current && (face === undefined || face === current.face)) {
      current.text += ch;
    } else {
      current = { text: ch, face: face ?? 'sc' };
      runs.push(current);
    }
  }
  return runs;
}
