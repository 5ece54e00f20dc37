import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { shot } from '../support/ui';
import { createOrder } from './order-api';

/**
 * Screenshots of the home page in zh-cn, en and th (`npm run screenshots -w @theone/e2e`), to look at:
 * e2e/screenshots/home-<user>-<language>.png. Not part of the test suite.
 */
const LANGUAGES = ['zh-cn', 'en', 'th'] as const;

for (const language of LANGUAGES) {
  test(`[HOME]: screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    // A few orders so that the cards and the chart have something to show.
    await createOrder(page.request, { status: 0 });
    await createOrder(page.request, { status: 1, receive: true });
    for (const user of ['admin', 'sales'] as const) {
      await signIn(page, user);
      await page.evaluate((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
      await page.reload();
      await expect(page.getByTestId('home-card-todayOrders')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('home-chart').getByRole('slider')).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: shot(`home-${user}-${language}.png`), fullPage: true });
    }
  });
}
