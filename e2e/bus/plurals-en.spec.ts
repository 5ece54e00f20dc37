import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { createOrder } from '../home/order-api';
import { shot } from '../support/ui';

/**
 * Issue 10 item 9 in English (browser in UTC): 'Confirm 1 orders?' — messages that count use plural forms; and a new
 * role's data scope ('own department and below') is shown in the role dialog instead of being applied silently.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('THEONE-language', JSON.stringify('en')));
}

const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first();

test('[ORDERS]: confirming one order asks "Confirm 1 order?", two "Confirm 2 orders?" (en, UTC)', async ({
  page,
  signInAs,
}) => {
  const one = await createOrder(page.request, { status: 0 });
  const two = await createOrder(page.request, { status: 0 });
  await english(page);

  await signInAs('admin', `bus/unOrder?transportId=${one.transportId}&pageNum=1`);
  let list = visible(page, 'list-bus/unOrder');
  await list.locator('.ant-table-row', { hasText: one.transportId }).locator('.ant-checkbox-input').check();
  await list.getByTestId('list-btn-confirm').click();
  const modal = page.locator('.ant-modal-confirm:visible');
  await expect(modal).toContainText('Confirm 1 order?');
  await expect(modal).not.toContainText('orders');
  await page.screenshot({ path: shot('issue10-plural-en.png') });
  await modal.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`bus/unOrder?transportId=${one.transportId},${two.transportId}&pageNum=1`);
  list = visible(page, 'list-bus/unOrder');
  await expect(list.locator('.ant-table-row')).toHaveCount(2);
  await list.locator('.ant-table-thead .ant-checkbox-input').check();
  await list.getByTestId('list-btn-confirm').click();
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText('Confirm 2 orders?');
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: 'Cancel' }).click();
});

test('[SYSTEM]: the role dialog shows the data scope, a new role its default (en)', async ({ page, signInAs }) => {
  await english(page);
  await signInAs('admin', 'system/role');
  await visible(page, 'list-system/role').getByTestId('list-btn-add').click();
  const dialog = page.locator('.ant-modal:visible');
  const scope = dialog.getByTestId('role-form-data-scope');
  await expect(scope).toContainText('Data scope');
  await expect(scope).toContainText('Own department and below');
  await expect(scope).toContainText('change it with “Data scope” in the list after saving');
  await page.screenshot({ path: shot('issue10-role-scope-en.png') });
});
