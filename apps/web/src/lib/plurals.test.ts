import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';

/**
 * Plural forms from the real sheet (issue 10 item 9: 'Confirm 1 orders?'): i18next picks `<key>_one`/`<key>_other`
 * by `count` in English; Chinese and Thai have one form.
 */
afterEach(async () => {
  await changeLanguage('zh-cn');
});

describe('plurals', () => {
  it('says 1 order and 2 orders in English', async () => {
    await changeLanguage('en');
    expect(i18n.t('bus_confirm_orders', { count: 1 })).toBe('Confirm 1 order?');
    expect(i18n.t('bus_confirm_orders', { count: 2 })).toBe('Confirm 2 orders?');
    expect(i18n.t('confirm_operation', { count: 1 })).toBe('Apply this action to the selected row?');
    expect(i18n.t('confirm_operation', { count: 3 })).toBe('Apply this action to the 3 selected rows?');
    expect(i18n.t('bus_selected_totals', { count: 1, pieces: i18n.t('bus_n_pieces', { count: 1 }) })).toBe(
      'Selected: 1 order, 1 piece',
    );
    expect(i18n.t('order_log_lines', { count: 1 })).toBe('1 line');
    expect(i18n.t('order_log_lines', { count: 0 })).toBe('0 lines');
  });

  it('has one form in Chinese and Thai', async () => {
    expect(i18n.t('bus_confirm_orders', { count: 1 })).toBe('确认这 1 个订单？');
    expect(i18n.t('bus_confirm_orders', { count: 5 })).toBe('确认这 5 个订单？');
    await changeLanguage('th');
    expect(i18n.t('bus_confirm_orders', { count: 1 })).toBe('ยืนยันออเดอร์ 1 รายการหรือไม่');
    expect(i18n.t('bus_confirm_orders', { count: 5 })).toBe('ยืนยันออเดอร์ 5 รายการหรือไม่');
  });
});
