import { readFileSync } from 'node:fs';
import { languageTexts } from '@theone/contracts/common/translation-sheet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHEET_PATH } from '../test/setup';
import { changeLanguage, i18n, loadTranslations, parseTranslationSheet, translationsUrl } from './i18n';
import { FALLBACK_ZH_CN } from './i18n-fallback';

/** The translation loader (spec §7 'Language file', §8 'cannot load: console only'). */
afterEach(async () => {
  await changeLanguage('zh-cn');
});

const answer = (texts: Record<string, Record<string, string>>) =>
  vi.fn(async (url: string) => {
    const language = /i18n\/([a-z-]+)\.json$/.exec(url)?.[1] ?? '';
    return texts[language] ? new Response(JSON.stringify(texts[language])) : new Response('nope', { status: 404 });
  });

describe('translation sheet', () => {
  it('switching to a language loads its file first (the setup serves the real sheet)', async () => {
    const th = languageTexts(parseTranslationSheet(readFileSync(SHEET_PATH, 'utf8')), 'th');
    expect(i18n.t('menu_bus')).not.toBe(th.menu_bus);
    await changeLanguage('th');
    expect(i18n.t('menu_bus')).toBe(th.menu_bus);
  });

  it('loads one language file from <base>i18n/<language>.json, and another only when the user switches to it', async () => {
    const fetcher = answer({ 'zh-cn': { x_test_key: '中' }, th: { x_test_key: 'ไทย' }, en: { x_test_key: 'En' } });
    await expect(loadTranslations('zh-cn', fetcher as unknown as typeof fetch)).resolves.toBe(true);
    // Vite's base is /theone/ in the app and the build gives hashed names (vite.config.ts); tests run at '/'.
    expect(translationsUrl('th')).toBe(`${import.meta.env.BASE_URL}i18n/th.json`);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(translationsUrl('zh-cn'));
    expect(i18n.t('x_test_key')).toBe('中');
    await loadTranslations('th', fetcher as unknown as typeof fetch);
    await changeLanguage('th');
    expect(i18n.t('x_test_key')).toBe('ไทย');
    await loadTranslations('en', fetcher as unknown as typeof fetch);
    await changeLanguage('en');
    expect(i18n.t('x_test_key')).toBe('En');
  });

  it('opened at /login: runs on the texts built into the first load, loads the file when signing in', async () => {
    vi.resetModules(); // a fresh loader (no file loaded yet); i18next itself is shared
    const fresh = await import('./i18n');
    const fetcher = answer({ th: { x_full: 'เต็ม' }, en: { x_full: 'Full' } });
    const boot = { 'zh-cn': { x_boot: '启动' }, th: { x_boot: 'บูต' }, en: { x_boot: 'Boot' } };
    await fresh.initI18n({ fetcher: fetcher as unknown as typeof fetch, boot, path: '/theone/login' });
    expect(fresh.translationsStore.get().full).toBe(false);
    expect(fresh.i18n.t('x_boot')).toBe('启动');
    await fresh.changeLanguage('th'); // on the login page: the boot texts of th, still no file
    expect(fresh.i18n.t('x_boot')).toBe('บูต');
    expect(fetcher).not.toHaveBeenCalled();
    await Promise.all([fresh.ensureTranslations(), fresh.ensureTranslations()]); // signing in
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(fresh.translationsUrl('th'));
    expect(fresh.translationsStore.get().full).toBe(true);
    expect(fresh.i18n.t('x_full')).toBe('เต็ม');
    await fresh.changeLanguage('en'); // signed in: the file of en
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fresh.i18n.t('x_full')).toBe('Full');
  });

  it('each language file holds the zh-cn text where its own cell is empty', () => {
    const sheet = parseTranslationSheet('key,zh-cn,th,en\nx_empty_th,只有中文,,Only English\nx_none,,,\n');
    expect(languageTexts(sheet, 'th').x_empty_th).toBe('只有中文');
    expect(languageTexts(sheet, 'en').x_empty_th).toBe('Only English');
    expect('x_none' in languageTexts(sheet, 'zh-cn')).toBe(false);
  });

  it('parses quotes, commas, doubled quotes and line breaks, skipping the header', () => {
    const sheet = 'key,zh-cn,th,en\r\na,"甲,乙","ก ""ข""","A\nB"\nb,乙,,B\n';
    const bundles = parseTranslationSheet(sheet);
    expect(bundles['zh-cn'].a).toBe('甲,乙');
    expect(bundles.th.a).toBe('ก "ข"');
    expect(bundles.en.a).toBe('A\nB');
    expect(bundles['zh-cn'].key).toBeUndefined();
  });

  it('logs to the console only and keeps the built-in zh-cn texts when the sheet cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    await expect(loadTranslations('en', failing)).resolves.toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadTranslations('th', offline)).resolves.toBe(false);
    expect(i18n.t('msg_login_expired')).toBe(FALLBACK_ZH_CN.msg_login_expired);
    error.mockRestore();
  });

  it('fills placeholders the way the server does ({{name}})', () => {
    expect(i18n.t('confirm_approve', { n: 3 })).toContain('3');
  });

  it('built-in fallback texts match the sheet', () => {
    const sheet = parseTranslationSheet(readFileSync(SHEET_PATH, 'utf8'));
    for (const [key, text] of Object.entries(FALLBACK_ZH_CN)) expect(sheet['zh-cn'][key], key).toBe(text);
  });
});
