import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Issue 10 item 9 as Thai staff meet it (th, browser in Asia/Bangkok): the customer form's sales picker listed every
 * user (drivers, finance). It lists the holders of the sales post or role; the service picker those of customer
 * service.
 */
test.use({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });

/** The options of the antd select of field `id`, as shown. */
async function options(page: Page, id: string): Promise<string[]> {
  await page.locator(`#${id}:visible`).click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
  const texts = await dropdown.locator('.ant-select-item-option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
  return texts.sort();
}

test('[BAS]: the sales and service pickers of the customer form list only sales and service staff (th)', async ({
  page,
  signInAs,
}) => {
  await page.addInitScript(() => localStorage.setItem('THEONE-language', JSON.stringify('th')));
  await signInAs('sales', 'bas/custom-add');
  await expect(page.locator('label', { hasText: 'เซลล์' }).first()).toBeVisible({ timeout: 30_000 });
  const sales = await options(page, 'sales');
  // name and department in the reader's language, never the login name (issue 11 item 5)
  expect(sales).toEqual(['王丽 · แผนกขาย', '陈伟 · โกดังอี้อู']);
  const service = await options(page, 'service');
  expect(service).toEqual(['李娜 · แผนกบริการลูกค้า']);
  await page.locator('#sales:visible').click();
  await page.screenshot({ path: shot('issue10-sales-picker-th.png') });
});
