import { describe, expect, it } from 'vitest';
import { DICT_SEED } from '../dict/dict.seed';

describe('dictionary seed', () => {
  const types = DICT_SEED.map((d) => d.type);

  it('has unique types in lower case and _', () => {
    expect(new Set(types).size).toBe(types.length);
    for (const t of types) expect(t).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it.each(DICT_SEED.map((d) => [d.type, d] as const))(
    '%s has named items with unique values and three labels',
    (_type, dict) => {
      expect(dict.name.trim() && dict.nameEn.trim() && dict.nameTh.trim()).toBeTruthy();
      expect(dict.items.length).toBeGreaterThan(0);
      const values = dict.items.map((i) => i.value);
      expect(new Set(values).size).toBe(values.length);
      for (const item of dict.items) {
        for (const label of [item.zh, item.en, item.th]) {
          expect(label.trim(), `${dict.type}/${item.value}`).not.toBe('');
          expect(label.length).toBeLessThanOrEqual(100);
        }
      }
      expect(dict.items.filter((i) => i.isDefault).length).toBeLessThanOrEqual(1);
    },
  );

  it('has every type the screens docs and the brief name', () => {
    const required = [
      'bus_type',
      'cargo_type',
      'pay_type',
      'balance_type',
      'cal_price_type',
      'client_type',
      'currency',
      'order_status',
      'audit_status',
      'write_status',
      'bill_status',
      'send_status',
      'sign_status',
      'track_status',
      'exception_type',
      'exception_status',
      'container_type',
      'vehicle_type',
      'profit_flag',
      'sys_normal_disable',
      'sys_user_sex',
      'sys_yes_no',
      'sys_oper_type',
      'sys_common_status',
      'dest_country',
      'origin_city',
      'data_scope',
    ];
    expect(required.filter((t) => !types.includes(t))).toEqual([]);
  });

  const values = (type: string) => DICT_SEED.find((d) => d.type === type)!.items.map((i) => i.value);
  const enLabels = (type: string) =>
    Object.fromEntries(DICT_SEED.find((d) => d.type === type)!.items.map((i) => [i.value, i.en]));

  it.each([
    ['bus_type', ['EK', 'SEA', 'AIR', 'RAIL', 'FCL', 'BULK', 'TRANSIT', 'DIRECT']],
    ['cargo_type', ['1', '2', '3', '4']],
    ['pay_type', ['1', '2', '3', '4']],
    ['balance_type', ['1', '2', '3', '4', '5']],
    ['cal_price_type', ['1', '2', '3', '4', '5', '6']],
    ['client_type', ['1', '2', '3', '4']],
    ['currency', ['RMB', 'THB']],
    ['order_status', ['0', '1', '2', '3', '4', '5', '6', '7', '8']],
    ['audit_status', ['0', '1', '2', '3']],
    ['write_status', ['0', '1', '2']],
    ['send_status', ['0', '1', '2']],
    ['sys_normal_disable', ['0', '1']],
    ['sys_yes_no', ['Y', 'N']],
    ['sys_oper_type', ['0', '1', '2', '3', '4', '5', '6', '7', '8']],
    ['sys_common_status', ['0', '1']],
    ['data_scope', ['1', '2', '3', '4', '5']],
    ['dest_country', ['TH', 'SG', 'MY', 'KH', 'LA', 'PH']],
    ['origin_city', ['GZ', 'SZ', 'CH', 'FS', 'YW']],
  ] as const)('%s has the fixed codes', (type, codes) => {
    expect(values(type)).toEqual(codes);
  });

  it('keeps the meaning of the fixed codes', () => {
    expect(enLabels('cal_price_type')).toMatchObject({
      '1': 'By volume',
      '2': 'By weight',
      '3': 'Automatic (higher)',
      '6': 'Minimum charge',
    });
    expect(enLabels('balance_type')).toMatchObject({ '1': 'Cash', '2': 'Pay on arrival', '5': 'Monthly' });
    expect(enLabels('client_type')).toMatchObject({ '1': 'Walk-in', '3': 'Agent', '4': 'Ordinary' });
    expect(enLabels('pay_type')).toMatchObject({ '1': 'Cash', '2': 'Bank transfer', '3': 'WeChat Pay' });
    expect(enLabels('order_status')).toMatchObject({ '0': 'Staged', '2': 'In warehouse', '8': 'Signed' });
    expect(enLabels('sys_oper_type')).toMatchObject({ '7': 'Force logout', '8': 'Clean' });
  });

  it('has every tracking label of spec §4 (plus loaded, written by the loading action)', () => {
    expect(values('track_status')).toHaveLength(23);
    expect(Object.values(enLabels('track_status'))).toEqual(
      expect.arrayContaining(['Sailed', 'Arrived at border port', 'Destination release', 'Paid and written off']),
    );
  });
});
