import { judgePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PROBLEMS } from '@theone/contracts';
import { describe, expect, it } from 'vitest';
import { hasKey, t } from '../../platform/i18n';
import { generateAdminPassword } from '../system/seed/seed';

/** The new-password rule's messages (issue 11 item 4) as the server words them, and the seed's own password. */
describe('new-password rule messages', () => {
  it('has every refusal in the three languages', () => {
    for (const key of Object.values(PASSWORD_PROBLEMS)) {
      expect(hasKey(key), key).toBe(true);
      for (const lang of ['zh-cn', 'en', 'th'] as const) expect(t(key, lang), `${key} ${lang}`).not.toBe(key);
    }
  });

  it('names the limits the rule applies, in every language', () => {
    for (const lang of ['zh-cn', 'en', 'th'] as const) {
      const text = t(PASSWORD_PROBLEMS.length, lang);
      expect(text).toContain(String(PASSWORD_MIN_LENGTH));
      expect(text).toContain(String(PASSWORD_MAX_LENGTH));
    }
  });

  it('counts the attempts left on a wrong old password', () => {
    expect(t('err_old_password_wrong_left', 'en', { count: 1 })).toBe('The old password is wrong; 1 attempt left');
    expect(t('err_old_password_wrong_left', 'zh-cn', { count: 3 })).toBe('旧密码错误，还可尝试 3 次');
  });
});

describe('production administrator password', () => {
  it('is generated to meet the rule it will be changed under', () => {
    for (let i = 0; i < 20; i++) {
      const password = generateAdminPassword();
      expect(password).toHaveLength(16);
      expect(judgePassword(password, { userName: 'admin' }).problem).toBeNull();
    }
  });
});
