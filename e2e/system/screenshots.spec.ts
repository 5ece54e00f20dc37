import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Screenshots of the system screens in zh-cn, en and th (`npm run screenshots -w @theone/e2e`), to look at:
 * e2e/screenshots/system-<screen>-<language>.png. Not part of the test suite.
 */
const LANGUAGES = ['zh-cn', 'en', 'th'] as const;
const SCREENS: { name: string; path: string; open?: string }[] = [
  { name: 'user', path: 'system/user' },
  { name: 'user-add', path: 'system/user', open: 'list-btn-add' },
  { name: 'user-auth', path: 'system/user/user-auth/2' },
  { name: 'role', path: 'system/role' },
  { name: 'role-add', path: 'system/role', open: 'list-btn-add' },
  { name: 'role-auth', path: 'system/role-auth/2' },
  { name: 'menu', path: 'system/menu' },
  { name: 'menu-add', path: 'system/menu', open: 'tree-btn-add' },
  { name: 'dept', path: 'system/dept' },
  { name: 'dept-add', path: 'system/dept', open: 'tree-btn-add' },
  { name: 'post', path: 'system/post-list' },
  { name: 'dict', path: 'system/dict-list' },
  { name: 'dict-data', path: 'system/dict-data/1' },
  { name: 'config', path: 'system/config-list' },
  { name: 'log-oper', path: 'system/log-list' },
  { name: 'log-login', path: 'system/log-list?tab=login' },
];

for (const language of LANGUAGES) {
  test(`[SYSTEM]: screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(480_000);
    await signIn(page, 'admin');
    await page.evaluate((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
    await page.reload();
    await expect(page.getByTestId('layout')).toBeVisible({ timeout: 30_000 });
    for (const screen of SCREENS) {
      // Client-side navigation, as a user moves between screens (a reload per screen is slow).
      await page.evaluate(
        (to) => {
          history.pushState({}, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        },
        `${new URL(page.url()).pathname.replace(/(\/theone\/).*$/, '$1')}${screen.path}`,
      );
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.theone-page-loading, .ant-spin-spinning').filter({ visible: true })).toHaveCount(0, {
        timeout: 30_000,
      });
      if (screen.open) {
        await page.getByTestId(screen.open).filter({ visible: true }).first().click();
        await expect(page.getByRole('dialog').last()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.theone-page-loading, .ant-spin-spinning').filter({ visible: true })).toHaveCount(
          0,
          { timeout: 30_000 },
        );
      }
      await page.waitForTimeout(1500);
      await page.screenshot({ path: shot(`system-${screen.name}-${language}.png`), fullPage: true });
      if (screen.open) {
        await page.locator('.ant-modal-close').filter({ visible: true }).last().click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
  });
}
