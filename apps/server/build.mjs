// Bundles the server into dist/main.js. Workspace packages (@theone/*) are bundled in; every other
// package stays external and is loaded from node_modules at run time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.kind === 'entry-point' || args.path.startsWith('@theone/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log('server built: apps/server/dist/main.js');
