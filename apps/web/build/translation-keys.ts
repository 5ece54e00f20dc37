/**
 * Finds the translation keys a piece of web code uses (one rule for the sheet test, src/test/translation-keys.test.ts,
 * and for the build, which puts the texts of the login page's own code into the first load: build/translations.ts):
 * - the first argument of `t('...')`, `translate('...')`, `i18n.t('...')`;
 * - any string literal shaped like a key of the team's prefixes (`menu_`, `msg_`, `confirm_`, `err_`, `field_`,
 *   `btn_`, `page_`, ...), which catches keys in declarative configs (column titles, labels) and in conditionals.
 * Comments are ignored, so examples in doc comments do not count.
 */
export const PREFIXES = [
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

/** Drops block comments and line comments (a `//` preceded by a space or at line start, so URLs survive). */
export function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

export function keysIn(code: string): string[] {
  const text = stripComments(code);
  return [...text.matchAll(T_CALL), ...text.matchAll(KEY_LITERAL)].map((m) => m[1]!);
}
