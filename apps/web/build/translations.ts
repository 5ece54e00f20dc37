import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path: Vite bundles the config's own files but loads packages (a workspace's .ts too) through Node.
import {
  LANGUAGES,
  languageTexts,
  parseTranslationSheet,
  type TLanguage,
} from '../../../packages/contracts/src/common/translation-sheet';
import { keysIn } from './translation-keys';

/**
 * The translation sheet stays one CSV the team appends to (public/i18n/translations.csv, also read by the server);
 * the browser loads only its language. At build time each language becomes `assets/i18n-<lang>-<hash>.json`
 * (hashed, so cached for a year like the scripts; an empty cell holds the zh-cn text), and the names reach the app
 * as `__TRANSLATION_FILES__` (src/lib/i18n.ts). `vite` (dev) answers the same names from the sheet as it is on
 * disk, so an appended row shows after a reload.
 *
 * The login page does not wait for a file: the build puts the texts of the keys used by the code of the first load
 * (the entry chunk and its static imports, found with build/translation-keys.ts) into that code, for the three
 * languages (`__BOOT_TRANSLATIONS__`, a placeholder object replaced when the chunks are written; it names the
 * sheet's hash, so the chunk's own hash changes with the texts). Signing in, or opening any other page, loads the file.
 */
export const SHEET_PATH = fileURLToPath(new URL('../public/i18n/translations.csv', import.meta.url));
const FILE_URL = /\/assets\/i18n-(zh-cn|en|th)-[0-9a-f]+\.json$/;

export interface TranslationFile {
  fileName: string;
  source: string;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

export function translationFiles(sheetPath = SHEET_PATH): Record<TLanguage, TranslationFile> {
  const sheet = parseTranslationSheet(readFileSync(sheetPath, 'utf8'));
  const files = {} as Record<TLanguage, TranslationFile>;
  for (const lang of LANGUAGES) {
    const source = JSON.stringify(languageTexts(sheet, lang));
    files[lang] = { fileName: `assets/i18n-${lang}-${hashOf(source)}.json`, source };
  }
  return files;
}

/** Each language's texts for `keys` (a counted message brings its plural rows `<key>_one`, `<key>_other`). */
export function bootTexts(keys: Iterable<string>, sheetPath = SHEET_PATH): Record<TLanguage, Record<string, string>> {
  const sheet = parseTranslationSheet(readFileSync(sheetPath, 'utf8'));
  const out = {} as Record<TLanguage, Record<string, string>>;
  for (const lang of LANGUAGES) {
    const texts = languageTexts(sheet, lang);
    out[lang] = {};
    for (const key of keys) {
      for (const k of [key, `${key}_one`, `${key}_other`]) if (texts[k] !== undefined) out[lang][k] = texts[k];
    }
  }
  return out;
}

/** The keys used by the app's own modules in the entry chunk and the chunks it imports statically. */
export function firstLoadKeys(bundle: OutputBundle): Set<string> {
  const chunks = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || chunks.has(chunk.fileName)) return;
    chunks.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(bundle[file] as OutputChunk | undefined);
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item);
  const keys = new Set<string>();
  for (const chunk of chunks.values()) {
    for (const id of chunk.moduleIds) {
      const file = id.split('?', 1)[0]!;
      if (file.includes('/node_modules/') || !/\.(ts|tsx|js|jsx)$/.test(file) || !existsSync(file)) continue;
      for (const key of keysIn(readFileSync(file, 'utf8'))) keys.add(key);
    }
  }
  return keys;
}

export function translationsPlugin(): Plugin {
  const files = translationFiles();
  const placeholder = `theone-boot-translations-${hashOf(readFileSync(SHEET_PATH, 'utf8'))}`;
  return {
    name: 'theone-translations',
    config: () => ({
      define: {
        __TRANSLATION_FILES__: JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, files[l].fileName]))),
        // An object, so the minifier cannot fold `typeof __BOOT_TRANSLATIONS__ === 'object'` away.
        __BOOT_TRANSLATIONS__: `{ "__placeholder": ${JSON.stringify(placeholder)} }`,
      },
    }),
    configureServer(server) {
      server.watcher.add(SHEET_PATH);
      server.middlewares.use((req, res, next) => {
        const match = FILE_URL.exec((req.url ?? '').split('?', 1)[0]!);
        if (!match) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(translationFiles()[match[1] as TLanguage].source);
      });
    },
    generateBundle(_options, bundle) {
      for (const lang of LANGUAGES) {
        this.emitFile({ type: 'asset', fileName: files[lang].fileName, source: files[lang].source });
      }
      const boot = JSON.stringify(bootTexts(firstLoadKeys(bundle)));
      const quoted = new RegExp(`\\{\\s*(["']?)__placeholder\\1\\s*:\\s*(["'\`])${placeholder}\\2\\s*\\}`, 'g');
      let replaced = 0;
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.code.includes(placeholder)) continue;
        item.code = item.code.replace(quoted, () => {
          replaced++;
          return boot;
        });
      }
      if (!replaced) this.error('the boot translations placeholder was not found in any chunk (src/lib/i18n.ts)');
    },
  };
}
