import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHEET_PATH } from '../test/setup';
import { changeLanguage, i18n, loadTranslations, parseTranslationSheet, TRANSLATIONS_URL } from './i18n';
import { FALLBACK_ZH_CN } from './i18n-fallback';

/** The translation loader (spec §7 'Language file', §8 'cannot load: console only'). */
afterEach(async () => {
  await changeLanguage('zh-cn');
});

describe('translation sheet', () => {
  it('is fetched from <base>/i18n/translations.csv', async () => {
    const fetcher = vi.fn(async () => new Response('key,zh-cn,th,en\nx_test_key,中,ไทย,En\n'));
    await expect(loadTranslations(fetcher as unknown as typeof fetch)).resolves.toBe(true);
    expect(fetcher).toHaveBeenCalledWith(TRANSLATIONS_URL);
    // Vite's base is /theone/ in the app (vite.config.ts); tests run at '/'.
    expect(TRANSLATIONS_URL).toBe(`${import.meta.env.BASE_URL}i18n/translations.csv`);
    expect(i18n.t('x_test_key')).toBe('中');
    await changeLanguage('th');
    expect(i18n.t('x_test_key')).toBe('ไทย');
    await changeLanguage('en');
    expect(i18n.t('x_test_key')).toBe('En');
  });

  it('parses quotes, commas, doubled quotes and line breaks, skipping the header', () => {
    const sheet = 'key,zh-cn,th,en\r\na,"甲,乙","ก ""ข""","A\nB"\nb,乙,,B\n';
    const bundles = parseTranslationSheet(sheet);
    expect(bundles['zh-cn'].a).toBe('甲,乙');
    expect(bundles.th.a).toBe('ก "ข"');
    expect(bundles.en.a).toBe('A\nB');
    expect(bundles['zh-cn'].key).toBeUndefined();
  });

  it('falls back to zh-cn for an empty cell', async () => {
    await loadTranslations(
      (async () => new Response('key,zh-cn,th,en\nx_empty_th,只有中文,,Only English\n')) as unknown as typeof fetch,
    );
    await changeLanguage('th');
    expect(i18n.t('x_empty_th')).toBe('只有中文');
  });

  it('logs to the console only and keeps the built-in zh-cn texts when the sheet cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    await expect(loadTranslations(failing)).resolves.toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(loadTranslations(offline)).resolves.toBe(false);
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
