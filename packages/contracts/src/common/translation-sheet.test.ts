import { describe, expect, it } from 'vitest';
import { itReturns } from './table.test-utils';
import { interpolate, matchLanguage, parseCsv, parseTranslationSheet, pluralKeys } from './translation-sheet';

describe('translation sheet', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,"b,c"\r\n"x ""y""",z',
      [
        ['a', 'b,c'],
        ['x "y"', 'z'],
      ],
    ],
    ['k,"line1\nline2"\n', [['k', 'line1\nline2']]],
    [
      '\ufeffh1,h2\n\n1,2',
      [
        ['h1', 'h2'],
        ['1', '2'],
      ],
    ],
  ])('parses %j', (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('skips the header and maps columns key, zh-cn, th, en', () => {
    const t = parseTranslationSheet('key,zh-cn,th,en\nmsg_ok,成功,สำเร็จ,Success\n');
    expect(t['zh-cn'].msg_ok).toBe('成功');
    expect(t.th.msg_ok).toBe('สำเร็จ');
    expect(t.en.msg_ok).toBe('Success');
    expect(t.en.key).toBeUndefined();
  });

  itReturns('matches Accept-Language %s', matchLanguage, [
    ['th-TH,th;q=0.9', 'th'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN', 'zh-cn'],
    ['fr-FR', undefined],
    [undefined, undefined],
  ]);

  it('interpolates {{name}} and leaves unknown placeholders', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'x' })).toBe('1 and x and {{c}}');
  });
});

describe('pluralKeys', () => {
  it('tries the count form, then other, then the key, as i18next does', () => {
    expect(pluralKeys('k', 'en', { count: 1 })).toEqual(['k_one', 'k_other', 'k']);
    expect(pluralKeys('k', 'en', { count: 2 })).toEqual(['k_other', 'k']);
    expect(pluralKeys('k', 'zh-cn', { count: 1 })).toEqual(['k_other', 'k']);
    expect(pluralKeys('k', 'th', { count: 1 })).toEqual(['k_other', 'k']);
    expect(pluralKeys('k', 'en', { n: 1 })).toEqual(['k']);
    expect(pluralKeys('k', 'en')).toEqual(['k']);
  });
});
