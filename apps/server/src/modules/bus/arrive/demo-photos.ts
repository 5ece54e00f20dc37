import { crc32, deflateSync } from 'node:zlib';

/**
 * Small drawn PNG pictures for the destination demo data (destination.seed.ts): the seal on a container's doors
 * and a signed delivery note. Drawn here, so the demo needs no image files next to the bundle; stored through the
 * files module like any upload (its content check sees real PNGs).
 */

type TRgb = readonly [number, number, number];

class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: TRgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: TRgb) {
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++)
      for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) {
        const at = (j * this.width + i) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
  }

  /** A stroke along y = f(x), `thick` pixels wide. */
  curve(x0: number, x1: number, f: (x: number) => number, thick: number, colour: TRgb) {
    for (let x = x0; x <= x1; x++) this.rect(x, Math.round(f(x)), thick, thick, colour);
  }

  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      rows[y * (this.width * 3 + 1)] = 0; // filter: none
      this.pixels.copy(rows, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    }
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** Container doors (corrugated blue steel, two locking bars) with a yellow bolt seal on the right handle. */
export function sealPhoto(): Buffer {
  const c = new Canvas(320, 240, [30, 62, 110]);
  for (let x = 0; x < 320; x += 16) c.rect(x, 0, 6, 240, [40, 78, 132]);
  c.rect(158, 0, 4, 240, [15, 30, 55]);
  for (const x of [110, 210]) {
    c.rect(x, 0, 10, 240, [150, 155, 160]);
    c.rect(x - 8, 120, 26, 30, [120, 125, 130]);
  }
  c.rect(226, 126, 30, 14, [245, 200, 30]);
  c.rect(232, 140, 4, 26, [200, 200, 205]);
  c.rect(244, 140, 4, 26, [200, 200, 205]);
  return c.png();
}

/** A delivery note on a clipboard: printed lines, a table, and a blue signature over the signature box. */
export function signedNotePhoto(variant = 0): Buffer {
  const c = new Canvas(320, 240, [120, 90, 60]);
  c.rect(30, 10, 260, 225, [250, 250, 246]);
  c.rect(130, 4, 60, 14, [70, 70, 75]);
  c.rect(50, 30, 120, 8, [40, 40, 40]);
  for (let y = 52; y < 140; y += 14) c.rect(50, y, 220 - ((y * 7) % 60), 3, [150, 150, 150]);
  c.rect(50, 150, 220, 2, [90, 90, 90]);
  c.rect(50, 200, 220, 2, [90, 90, 90]);
  const phase = 0.6 + variant * 0.4;
  c.curve(
    70,
    250,
    (x) => 178 + 12 * Math.sin((x - 70) / (9 + variant)) * Math.cos((x - 70) / 37 + phase),
    3,
    [20, 50, 160],
  );
  return c.png();
}
