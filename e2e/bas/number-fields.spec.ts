import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { api } from '../home/order-api';

/**
 * Numbers are never changed behind the user's back (issue 10 item 4), for Thai staff (th, browser in Asia/Bangkok):
 * a unit price of -800 and a credit limit of -100 stay as typed, the field says what is wrong, nothing is sent; a
 * valid change saves the exact text.
 */
test.use({ timezoneId: 'Asia/Bangkok', locale: 'th-TH' });

async function useThai(page: Page) {
  await page.addInitScript(() => localStorage.setItem('THEONE-language', JSON.stringify('th')));
}

/** Counts the requests to a path while the page runs. */
function watch(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(path)) seen.push(r.url());
  });
  return seen;
}

const fieldError = (page: Page, id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

test('[NUMBERS]: a unit price of -800 is the field error, not a saved 0.00', async ({ page, signInAs }) => {
  await useThai(page);
  await signInAs('finance', 'bas/price-add');
  const sent = watch(page, '/bas/price/add');
  await page.locator('#volumePrice').fill('-800');
  await page.locator('#weightPrice').fill('4.8');
  await page.locator('#weightPrice').blur();
  await page.getByTestId('bas-form-save').click();
  await expect(fieldError(page, 'volumePrice')).toHaveText('จำนวนต้องไม่ติดลบ');
  await expect(page.locator('#volumePrice')).toHaveValue('-800');
  await expect(page).toHaveURL(/\/bas\/price-add/);
  expect(sent).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('price-negative-th.png'), fullPage: true });
});

test('[NUMBERS]: a credit limit of -100 stays -100 with its error; 1234.5 is saved as typed', async ({
  page,
  signInAs,
}) => {
  const marks = await api<unknown>(page.request, 'admin', 'GET', '/bas/mark/list?mark=TH002');
  const th002 = (marks.rows as { id: number; mark: string }[]).find((m) => m.mark === 'TH002')!;
  await useThai(page);
  await signInAs('admin', `bas/custom-edit/${th002.id}`);
  const sent = watch(page, '/bas/mark/edit');
  const limit = page.locator('#credtLimit');
  await expect(limit).toBeVisible();
  await limit.fill('-100');
  await limit.blur();
  await expect(limit).toHaveValue('-100');
  await page.getByTestId('bas-form-save').click();
  await expect(fieldError(page, 'credtLimit')).toHaveText('จำนวนต้องไม่ติดลบ');
  expect(sent).toEqual([]);

  await limit.fill('1234.5');
  await page.getByTestId('bas-form-save').click();
  await expect(page.locator('.ant-message-notice-success')).toBeVisible();
  const saved = await api<{ credtLimit: string }>(page.request, 'admin', 'GET', `/bas/mark/${th002.id}`);
  expect(saved.data.credtLimit).toBe('1234.50');
});
