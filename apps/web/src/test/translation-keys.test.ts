import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseCsv } from '@theone/contracts/common/translation-sheet';
import { describe, expect, it } from 'vitest';
import { keysIn, stripComments } from '../../build/translation-keys';
import {
  ANIMATIONS,
  COLUMNS_LAYOUTS,
  COLUMNS_STYLES,
  COMPONENT_SIZES,
  LAYOUTS,
  TAGS_STYLES,
} from '../app/settings/settings-store';
import { SHEET_PATH } from './setup';

/**
 * Every translation key the web code uses exists in the sheet with a non-empty zh-cn, th and en text
 * (issue 3 item 8). Keys are found by `keysIn` (build/translation-keys.ts: `t('...')` calls and key-shaped
 * literals, comments ignored), plus the families built at run time (settings options, list densities, password
 * strength), listed below.
 *
 * Plurals (issue 10 item 9: 'Confirm 1 orders?'): a message that counts something has i18next plural rows
 * `<key>_one` and `<key>_other` (zh-cn and th have one form: the same text in both rows) and is called with
 * `count`; a used key is found in the sheet as such a pair too.
 */
const SRC = resolve(__dirname, '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const optionKey = (o: string) => `settings_${o.replace(/-/g, '_')}`;
const DYNAMIC_KEYS = [
  ...[...TAGS_STYLES, ...ANIMATIONS, ...COLUMNS_STYLES, ...COLUMNS_LAYOUTS, ...COMPONENT_SIZES].map(optionKey),
  ...LAYOUTS.map((l) => `settings_layout_${l}`),
  ...['small', 'middle', 'large'].map((d) => `list_density_${d}`),
  ...['weak', 'medium', 'strong'].map((s) => `password_strength_${s}`),
  // basScreen (features/bas/resources/common-fields) names a basic-data screen's menu titles after its entity
  ...['driver', 'vehicle', 'insurance', 'payinfo', 'currate'].flatMap((e) =>
    ['list', 'add', 'edit', 'details'].map((page) => `menu_${e}_${page}`),
  ),
];

describe('translation keys', () => {
  const rows = parseCsv(readFileSync(SHEET_PATH, 'utf8'));
  const sheet = new Map(rows.slice(1).map((r) => [r[0]?.trim(), r] as const));

  it('finds keys in calls and configs, not in comments', () => {
    expect(
      keysIn("t('a_b'); const c = { title: 'menu_x' }; // t('msg_not_this')\n/* t('nor_this') */ fetch('http://x')"),
    ).toEqual(['a_b', 'menu_x']);
  });

  it('the sheet has a header and unique keys', () => {
    expect(rows[0]).toEqual(['key', 'zh-cn', 'th', 'en']);
    const keys = rows.slice(1).map((r) => r[0]);
    const duplicates = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(duplicates).toEqual([]);
  });

  const used = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    for (const key of keysIn(readFileSync(file, 'utf8'))) if (!used.has(key)) used.set(key, relative(SRC, file));
  }
  for (const key of DYNAMIC_KEYS) if (!used.has(key)) used.set(key, '(built at run time)');

  it('finds the keys the shell uses', () => {
    expect(used.size).toBeGreaterThan(100);
  });

  it('every key used in apps/web/src is in the sheet with zh-cn, th and en', () => {
    const problems: string[] = [];
    for (const [key, file] of used) {
      const rows = sheet.has(key) ? [key] : isPlural(key) ? [`${key}_one`, `${key}_other`] : [];
      if (!rows.length) {
        problems.push(`${key} (${file}): missing`);
        continue;
      }
      for (const k of rows) {
        const row = sheet.get(k)!;
        const empty = (['zh-cn', 'th', 'en'] as const).filter((_, i) => !row[i + 1]?.trim());
        if (empty.length) problems.push(`${k} (${file}): empty ${empty.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  const isPlural = (key: string) => sheet.has(`${key}_one`) && sheet.has(`${key}_other`);
  const COUNTED = /\{\{\s*(n|count)\s*\}\}/;

  it('plural rows come in pairs whose other form shows the count in every language', () => {
    const problems: string[] = [];
    for (const [key, row] of sheet) {
      const base = key?.replace(/_(one|other)$/, '');
      // keys that merely end in _one/_other ('settings_other': 'Other settings') count nothing
      if (!key || base === key || !row.slice(1, 4).some((text) => COUNTED.test(text))) continue;
      if (!isPlural(base!)) problems.push(`${key}: no ${key.endsWith('_one') ? 'other' : 'one'} form`);
      if (key.endsWith('_other') && !row.slice(1, 4).every((text) => /\{\{\s*count\s*\}\}/.test(text)))
        problems.push(`${key}: every language needs {{count}}`);
    }
    expect(problems).toEqual([]);
  });

  /**
   * Messages with a number that stands alone need no plural: the count reads right whatever it is ('3 selected',
   * 'n of total', an ordinal, 'printed 2×').
   */
  const COUNT_WITHOUT_PLURAL = new Set([
    'list_selected_rows',
    'bus_selected_n',
    'bas_batch_selected',
    'bas_batch_changed',
    'bas_batch_skipped',
    'bas_batch_negative',
    'print_piece_of',
    'print_printed_times',
    'order_log_lines_added',
    'order_log_lines_removed',
    'order_log_lines_changed',
  ]);

  it('every message with a count ({{n}}, {{count}}) has plural forms', () => {
    const problems: string[] = [];
    for (const [key, row] of sheet) {
      if (!key || /_(one|other)$/.test(key) || COUNT_WITHOUT_PLURAL.has(key)) continue;
      if (row.slice(1, 4).some((text) => COUNTED.test(text)) && !isPlural(key)) problems.push(key);
    }
    expect(problems).toEqual([]);
  });

  it('plural messages are called with count', () => {
    const problems: string[] = [];
    const call = /\b(?:t|translate|i18n\.t)\(\s*['"]([a-z][a-z0-9_]*)['"]\s*(,\s*\{[^}]*\})?/g;
    for (const file of sourceFiles(SRC)) {
      const code = stripComments(readFileSync(file, 'utf8'));
      for (const m of code.matchAll(call))
        if (isPlural(m[1]!) && !/\bcount\b/.test(m[2] ?? '')) problems.push(`${m[1]} (${relative(SRC, file)})`);
    }
    expect(problems).toEqual([]);
  });
});
