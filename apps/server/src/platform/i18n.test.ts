import { describe, expect, it } from 'vitest';
import { t } from './i18n';

/** Server messages from the sheet, with plural rows chosen by `count` (issue 10 item 9). */
describe('server translations', () => {
  it('chooses the plural form by count in English, the one form in Chinese and Thai', () => {
    expect(t('err_login_failed', 'en', { left: 1, count: 1 })).toBe('Wrong user name or password; 1 attempt left');
    expect(t('err_login_failed', 'en', { left: 3, count: 3 })).toBe('Wrong user name or password; 3 attempts left');
    expect(t('bus_msg_import_success', 'en', { count: 1 })).toBe('Imported 1 order');
    expect(t('bus_msg_import_success', 'zh-cn', { count: 1 })).toBe('成功导入 1 个订单');
    expect(t('bus_msg_import_success', 'th', { count: 2 })).toBe('นำเข้าออเดอร์สำเร็จ 2 รายการ');
  });

  it('without a count, or for a key without plural rows, reads the key as before', () => {
    expect(t('list_total', 'en', { total: 1 })).toBe('1 in total');
    expect(t('no_such_key_x', 'en', { count: 1 })).toBe('no_such_key_x');
  });
});
