import { expect, signIn, test } from '../fixtures/auth';
import { api } from '../home/order-api';
import { shot } from '../support/ui';

/**
 * Screenshots to look at (issue 10 item 12): a long list scrolled (sticky column headers under the tab strip, the
 * fixed checkbox and action columns under them) and a long form with its sticky footer, in zh-cn, en and th at
 * 1440x900 and 1280x720, written to e2e/screenshots/ (git-ignored). `npm run screenshots -w @theone/e2e`.
 */
const LANGUAGES = ['zh-cn', 'en', 'th'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test(`[SHELL]: long pages in ${language} at ${size.width}x${size.height}`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
      const name = `${language}-${size.width}x${size.height}`;

      await signIn(page, 'admin', 'system/dict-list?pageNum=1&pageSize=50');
      const list = page.locator('.page-view:not([hidden])');
      await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(40);
      await page.locator('.layout-body').evaluate((el) => {
        el.scrollTop = 700;
      });
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`long-list-${name}.png`) });

      const marks = await api(page.request, 'admin', 'GET', '/bas/mark/list?mark=TH001');
      const mark = (marks.rows as { id: number; mark: string }[]).find((m) => m.mark === 'TH001');
      await page.goto(`bas/custom-edit/${mark?.id}`);
      await expect(page.getByTestId('bas-form-save')).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot(`long-form-${name}.png`) });

      await page.goto('bus/orderAdd');
      await expect(page.getByTestId('order-save')).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.locator('.layout-body').evaluate((el) => {
        el.scrollTop = 500;
      });
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`order-form-${name}.png`) });
    });
  }
}
