// fontkit (pdfkit's font engine) ships no types; the PDF module only creates fonts and hands them to pdfkit.
declare module 'fontkit' {
  export interface FontkitFont {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
