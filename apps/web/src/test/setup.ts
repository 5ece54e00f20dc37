import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, configure } from '@testing-library/react';
import { languageTexts, parseTranslationSheet, type TLanguage } from '@theone/contracts/common/translation-sheet';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';

/**
 * Vitest 'web' project setup (jsdom): browser APIs antd needs, and i18next loaded with the real
 * translation sheet (read from disk) in zh-cn, so tests see the texts users see.
 */
// findBy*/waitFor wait longer than the default second: antd is slow in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

export const SHEET_PATH = resolve(__dirname, '../../public/i18n/translations.csv');

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom has no layout: antd reads computed styles of pseudo elements and scroll sizes.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (el: Element, pseudo?: string | null) => getComputedStyle(el, pseudo ? undefined : pseudo);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();

/** Answers `<base>i18n/<language>.json` from the sheet on disk, as the build makes the per-language files. */
export const sheetFetcher = (async (url: string) => {
  const language = /i18n\/([a-z-]+)\.json$/.exec(String(url))?.[1] as TLanguage;
  const sheet = parseTranslationSheet(readFileSync(SHEET_PATH, 'utf8'));
  return new Response(JSON.stringify(languageTexts(sheet, language)), { status: 200 });
}) as typeof fetch;

beforeAll(async () => {
  await initI18n({ fetcher: sheetFetcher, language: 'zh-cn' });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
