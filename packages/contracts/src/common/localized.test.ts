import { describe, expect, it } from 'vitest';
import { localizedField, localizedText } from './localized';

describe('localizedText (ADR 0007)', () => {
  it('gives the name of the reader language, else the name as typed', () => {
    expect(localizedText('en', '业务员', 'Sales', 'เซลล์')).toBe('Sales');
    expect(localizedText('th', '业务员', 'Sales', 'เซลล์')).toBe('เซลล์');
    expect(localizedText('zh-cn', '业务员', 'Sales', 'เซลล์')).toBe('业务员');
    expect(localizedText('th', 'โกดังภูเก็ต', '', '')).toBe('โกดังภูเก็ต');
    expect(localizedText('en', 'Typed', '   ', null)).toBe('Typed');
    expect(localizedText('en', undefined, undefined, undefined)).toBe('');
  });

  it('reads <field>, <field>En and <field>Th of a row', () => {
    const row = { roleName: '财务', roleNameEn: 'Finance', roleNameTh: '' };
    expect(localizedField(row, 'roleName', 'en')).toBe('Finance');
    expect(localizedField(row, 'roleName', 'th')).toBe('财务');
    expect(localizedField({ nickName: 'admin' }, 'nickName', 'en')).toBe('admin');
  });
});
