import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { describeLogChange, type LogFormat } from './order-log-lines';

/**
 * Order log lines as people read them (issue 10 item 8: raw ISO times, codes and 'cargo lines: - -> 2'), in the
 * three languages of the real sheet.
 */
const DICTS: Record<string, Record<string, string>> = {
  bus_type: { EK: '陆运 EK', SEA: '海运' },
  exception_type: { '1': '破损' },
};
const format = (currency?: string): LogFormat => ({
  t: (key, values) => i18n.t(key, values),
  dict: (type, value) => DICTS[type]?.[String(value)] ?? String(value),
  currency,
});
const line = (change: Parameters<typeof describeLogChange>[0], currency?: string) => {
  const l = describeLogChange(change, format(currency));
  return l.text ? `${l.label}: ${l.text}` : `${l.label}: ${l.before} → ${l.after}`;
};

afterEach(async () => {
  await changeLanguage('zh-cn');
});

describe('order log lines', () => {
  it('describe cargo line changes by their numbers and what changed', async () => {
    await changeLanguage('en');
    expect(line({ field: 'cargoLines', before: 1, after: 2, lines: { added: 1, removed: 0, changed: 0 } })).toBe(
      'Cargo lines: 1 line → 2 lines (1 added)',
    );
    expect(line({ field: 'cargoLines', before: 2, after: 2, lines: { added: 0, removed: 0, changed: 1 } })).toBe(
      'Cargo lines: 2 lines (1 changed)',
    );
    expect(line({ field: 'cargoLines', before: 3, after: 2, lines: { added: 1, removed: 2, changed: 1 } })).toBe(
      'Cargo lines: 3 lines → 2 lines (1 added, 2 removed, 1 changed)',
    );
    // rows written before the counts were kept: no '- -> 2'
    expect(line({ field: 'cargoLines', before: null, after: '2' })).toBe('Cargo lines: changed, now 2 lines');
    await changeLanguage('zh-cn');
    expect(line({ field: 'cargoLines', before: 1, after: 2, lines: { added: 1, removed: 0, changed: 1 } })).toBe(
      '货物明细: 1 条 → 2 条 (新增 1 条、修改 1 条)',
    );
    await changeLanguage('th');
    expect(line({ field: 'cargoLines', before: 1, after: 2, lines: { added: 1, removed: 0, changed: 0 } })).toBe(
      'รายการสินค้า: 1 รายการ → 2 รายการ (เพิ่ม 1 รายการ)',
    );
  });

  it('show dates through the app date formatter, never as ISO text', () => {
    const l = describeLogChange(
      { field: 'orderTime', before: '2026-03-01T02:00:00.000Z', after: '2026-03-02T03:30:00.000Z' },
      format(),
    );
    expect(l.label).toBe('下单时间');
    expect(l.before).toBe(formatDateTime('2026-03-01T02:00:00.000Z'));
    expect(l.after).toBe(formatDateTime('2026-03-02T03:30:00.000Z'));
    expect(`${l.before}${l.after}`).not.toMatch(/T\d|Z/);
  });

  it('show dictionary labels, names for ids, money, measures and flags', async () => {
    expect(line({ field: 'busType', before: 'EK', after: 'SEA' })).toBe('运输方式: 陆运 EK → 海运');
    expect(line({ field: 'exceptionType', before: null, after: '1' })).toBe('异常类型: — → 破损');
    expect(line({ field: 'markId', before: 3, after: 9, beforeLabel: 'TH001', afterLabel: 'TH002' })).toBe(
      '唛头: TH001 → TH002',
    );
    expect(line({ field: 'destAddrId', before: 5, after: 7, beforeLabel: '曼谷', afterLabel: null })).toBe(
      '目的地: 曼谷 → #7',
    );
    expect(line({ field: 'feeFreightAr', before: '1234.5', after: '800' }, 'THB')).toBe(
      '运费: 1,234.50 THB → 800.00 THB',
    );
    expect(line({ field: 'cargoWeight', before: '25', after: '1250.5' })).toBe('重量(kg): 25.00 → 1,250.50');
    expect(line({ field: 'arrivedVolume', before: '0.5', after: null })).toBe('实收体积(m³): 0.500 → —');
    await changeLanguage('en');
    expect(line({ field: 'woodenFrame', before: '0', after: '1' })).toBe('Wooden crate: No → Yes');
    expect(line({ field: 'consignee', before: 'Khun A', after: 'Khun B' })).toBe('Consignee: Khun A → Khun B');
  });
});
