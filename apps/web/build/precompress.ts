import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; smaller files gain too little for the extra file. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|csv|txt)$/;
export const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []; // .vite/manifest.json is read by scripts, not browsers
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of the build,
 * once, at build time; the server sends the one the browser accepts (@fastify/static `preCompressed`, with
 * `Vary: Accept-Encoding`) and never compresses these on the fly. A variant not smaller than the file is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const targets = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    targets.map(async (file) => {
      const data = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      bytes += data.length;
      brotliBytes += Math.min(br.length, data.length);
      if (br.length < data.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < data.length) writeFileSync(`${file}.gz`, gzipped);
    }),
  );
  return { files: targets.length, bytes, brotli: brotliBytes };
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'theone-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const r = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
        console.log(`precompressed ${r.files} files (.br, .gz): ${kb(r.bytes)} -> ${kb(r.brotli)} with brotli`);
      },
    },
  };
}
