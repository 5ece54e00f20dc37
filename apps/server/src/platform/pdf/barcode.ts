import { toBuffer } from 'bwip-js/node';

/**
 * Barcode images (bwip-js, PNG) for labels and documents. Code 128 is what the warehouses' scanners read for
 * waybill, piece and receipt numbers (auto-switching between code sets, so digits are compact).
 */
export interface BarcodeOptions {
  /** bwip-js symbology; default 'code128'. */
  type?: 'code128' | 'qrcode' | 'datamatrix';
  /** Bar height in millimetres (1D codes). */
  heightMm?: number;
  /** Pixels per module: 4 keeps bars sharp when the image is scaled to ~70 mm at 203 dpi. */
  scale?: number;
  /** Print the human-readable text under the bars (the label usually prints it itself in a larger font). */
  includeText?: boolean;
}

/** PNG of the barcode; throws when the value cannot be encoded (empty, or characters outside the symbology). */
export async function barcodePng(value: string, options: BarcodeOptions = {}): Promise<Buffer> {
  const type = options.type ?? 'code128';
  return toBuffer({
    bcid: type,
    text: value,
    scale: options.scale ?? 4,
    ...(type === 'code128' ? { height: options.heightMm ?? 12 } : {}),
    includetext: options.includeText ?? false,
    textxalign: 'center',
    paddingwidth: 0,
    paddingheight: 0,
  } as Parameters<typeof toBuffer>[0]);
}

/** Width and height in pixels of a PNG (from its IHDR chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
