// Bundles the server into dist/main.js. Workspace packages (@theone/*) are bundled in; every other
// package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
          if (args.path.startsWith('@theone/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log('server built: apps/server/dist/main.js');
