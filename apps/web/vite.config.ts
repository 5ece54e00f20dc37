import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress';
import { translationsPlugin } from './build/translations';

/**
 * The SPA is served by the server under /theone (assets and router basename), the API under /prod-api.
 * `npm run dev` proxies /prod-api to a server started on PORT (default 8080).
 *
 * Chunks: React and the router form one shared vendor chunk, the antd runtime (config provider, theme,
 * css-in-js, shared rc-components) another; every screen is a `lazy(() => import(...))` of the component
 * registry and so its own chunk. antd components used only by screens stay in those screens' chunks (or in
 * chunks Rolldown shares between them), which keeps the login page's initial JavaScript small
 * (`scripts/check-web-budget.mjs`).
 *
 * Weight over the network: every text file of the build is also written brotli- and gzip-compressed
 * (build/precompress.ts; the server picks by Accept-Encoding), and the translation sheet becomes one hashed file
 * per language (build/translations.ts), so the browser loads only its language.
 */
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  base: '/theone/',
  plugins: [react(), translationsPlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: apiTarget, changeOrigin: true } },
  },
  preview: { port: 4173, proxy: { '/prod-api': { target: apiTarget, changeOrigin: true } } },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-antd-core',
              test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|theme|_util|locale|style)|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|resize-observer))[\\/]/,
              priority: 20,
            },
            // axios stays out: the login page calls the API with fetch (lib/envelope.ts), the rest loads it later.
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
