import { describe, expect, it } from 'vitest';
import { DICT_SEED } from '../dict/dict.seed';
import {
  CONFIG_NAME,
  CONFIG_REMARK,
  DEPT_NAME,
  DICT_LABEL,
  DICT_TYPE_NAME,
  type NameColumns,
  NICK_NAME,
  POST_NAME,
  ROLE_NAME,
} from '../shared/localized';
import { ADMIN_NICK_NAME, CONFIG_SEED, DEMO_USERS, DEPT_SEED, POST_SEED, ROLE_SEED } from './org.seed';
import type { DeptSeed, SeedNames } from './seed.types';

/**
 * Every seeded system row a user reads has its name in zh-cn, English and Thai (issue 10 item 13, ADR 0007),
 * each fitting its column: a Thai or English reader never meets a seeded Chinese name.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const THAI = /[\u0e00-\u0e7f]/;

function flattenDepts(dept: DeptSeed): DeptSeed[] {
  return [dept, ...(dept.children ?? []).flatMap(flattenDepts)];
}

const width = (column: unknown) => (column as { length: number }).length;

interface Labelled {
  what: string;
  names: SeedNames;
  columns: NameColumns;
}

const ROWS: Labelled[] = [
  ...flattenDepts(DEPT_SEED).map((d) => ({ what: `dept ${d.key}`, names: d, columns: DEPT_NAME })),
  ...POST_SEED.map((p) => ({ what: `post ${p.code}`, names: p, columns: POST_NAME })),
  ...ROLE_SEED.map((r) => ({ what: `role ${r.key}`, names: r, columns: ROLE_NAME })),
  ...CONFIG_SEED.flatMap((c) => [
    { what: `setting ${c.key} name`, names: c.name, columns: CONFIG_NAME },
    { what: `setting ${c.key} remark`, names: c.remark, columns: CONFIG_REMARK },
  ]),
  { what: 'administrator nickname', names: ADMIN_NICK_NAME, columns: NICK_NAME },
  ...DICT_SEED.flatMap((d) => [
    { what: `dict type ${d.type}`, names: { name: d.name, en: d.nameEn, th: d.nameTh }, columns: DICT_TYPE_NAME },
    ...d.items.map((i) => ({
      what: `dict ${d.type}=${i.value}`,
      names: { name: i.zh, en: i.en, th: i.th },
      columns: DICT_LABEL,
    })),
  ]),
];

describe('seeded system labels', () => {
  it.each(ROWS.map((r) => [r.what, r] as const))('%s has zh-cn, en and th names within the columns', (_, row) => {
    const { names, columns } = row;
    for (const text of [names.name, names.en, names.th]) expect(text.trim()).not.toBe('');
    expect(names.en, 'English without Chinese characters').not.toMatch(CJK);
    expect(names.th, 'Thai without Chinese characters').not.toMatch(CJK);
    // Thai script, unless Thai readers use the brand's own Latin name (SF Express, Alipay).
    if (names.th !== names.en) expect(names.th, 'Thai in Thai script').toMatch(THAI);
    expect([...names.name].length).toBeLessThanOrEqual(width(columns.name));
    expect([...names.en].length).toBeLessThanOrEqual(width(columns.en));
    expect([...names.th].length).toBeLessThanOrEqual(width(columns.th));
  });

  it('covers every department, post, role and setting of the seed', () => {
    expect(ROWS.filter((r) => r.columns === DEPT_NAME)).toHaveLength(8);
    expect(ROWS.filter((r) => r.columns === POST_NAME)).toHaveLength(POST_SEED.length);
    expect(ROWS.filter((r) => r.columns === ROLE_NAME)).toHaveLength(ROLE_SEED.length);
    expect(ROWS.filter((r) => r.columns === CONFIG_NAME)).toHaveLength(CONFIG_SEED.length);
  });

  it('keeps settings remarks in one language each (earlier releases mixed zh-cn and English in one text)', () => {
    for (const c of CONFIG_SEED) {
      expect(c.remark.name, c.key).toMatch(CJK);
      expect(c.remark.name, c.key).not.toMatch(/ \/ [A-Z]/);
      for (const former of c.formerRemarks ?? []) expect(former).not.toBe(c.remark.name);
    }
  });

  it("gives demo users' own spellings only as whole names (people keep their names)", () => {
    for (const u of DEMO_USERS) {
      expect(Boolean(u.nickNameEn)).toBe(Boolean(u.nickNameTh));
      if (u.nickNameTh) expect(u.nickNameTh).toMatch(THAI);
      expect([...(u.nickNameEn ?? '')].length).toBeLessThanOrEqual(width(NICK_NAME.en));
    }
  });
});
