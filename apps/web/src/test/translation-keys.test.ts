import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseCsv } from '@theone/contracts/common/translation-sheet';
import { describe, expect, it } from 'vitest';
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
 * (issue 3 item 8). Keys are found as
 * - the first argument of `t('...')`, `translate('...')`, `i18n.t('...')`;
 * - any string literal shaped like a key of the team's prefixes (`menu_`, `msg_`, `confirm_`, `err_`,
 *   `field_`, `btn_`, `page_`, ...), which catches keys in declarative configs (column titles, labels);
 * - the families built at run time (settings options, list densities, password strength), listed below.
 * Comments are ignored, so examples in doc comments do not count.
 */
const SRC = resolve(__dirname, '..');
const PREFIXES = [
  'menu',
  'msg',
  'confirm',
  'err',
  'field',
  'btn',
  'page',
  'list',
  'settings',
  'layout',
  'tags',
  'home',
  'login',
  'register',
  'profile',
  'password',
];
const KEY_LITERAL = new RegExp(`['"\`]((?:${PREFIXES.join('|')})_[a-z0-9_]+)['"\`]`, 'g');
const T_CALL = /\b(?:t|translate|i18n\.t)\(\s*['"]([a-z][a-z0-9_]*)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Drops block comments and line comments (a `//` preceded by a space or at line start, so URLs survive). */
export function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

export function keysIn(code: string): string[] {
  const text = stripComments(code);
  return [...text.matchAll(T_CALL), ...text.matchAll(KEY_LITERAL)].map((m) => m[1]);
}

const optionKey = (o: string) => `settings_${o.replace(/-/g, '_')}`;
const DYNAMIC_KEYS = [
  ...[...TAGS_STYLES, ...ANIMATIONS, ...COLUMNS_STYLES, ...COLUMNS_LAYOUTS, ...COMPONENT_SIZES].map(optionKey),
  ...LAYOUTS.map((l) => `settings_layout_${l}`),
  ...['small', 'middle', 'large'].map((d) => `list_density_${d}`),
  ...['weak', 'medium', 'strong'].map((s) => `password_strength_${s}`),
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
      const row = sheet.get(key);
      if (!row) {
        problems.push(`${key} (${file}): missing`);
        continue;
      }
      const empty = (['zh-cn', 'th', 'en'] as const).filter((_, i) => !row[i + 1]?.trim());
      if (empty.length) problems.push(`${key} (${file}): empty ${empty.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
