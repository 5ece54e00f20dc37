import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Issue 11 item 4 in English with the browser in UTC: an administrator ends a customer-service clerk's session from
 * the online-users screen, and the clerk's next click lands on the sign-in page saying why.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

async function english(page: Page) {
  await page.addInitScript(() => localStorage.setItem('THEONE-language', JSON.stringify('en')));
}

test('[SYSTEM]: an administrator forces a clerk out; the clerk lands on sign-in with the reason (en, UTC)', async ({
  browser,
  page,
}) => {
  // The clerk works in their own browser.
  const clerkContext = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC' });
  const clerk = await clerkContext.newPage();
  await english(clerk);
  await signIn(clerk, 'service', 'home');

  // The administrator finds the clerk's session and forces it out.
  await english(page);
  await signIn(page, 'admin', 'system/online?userName=service');
  const list = page.locator('[data-testid="list-monitor/online"]:visible');
  await expect(page.getByText('Live sessions of the users in your data scope')).toBeVisible();
  const rows = list.locator('.ant-table-row', { hasText: 'service' });
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('Customer service');
  await page.screenshot({ path: shot('issue11-online-users-en.png') });
  await list.locator('.ant-table-thead .ant-checkbox-input').check();
  await list.getByTestId('list-btn-forceLogout').click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm).toContainText('(service)?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Done: the next click of that user lands on the sign-in page')).toBeVisible();
  await expect(list.locator('.ant-table-row', { hasText: 'service' })).toHaveCount(0);

  // The clerk's next click: the sign-in page, with the administrator named as the reason.
  const entry = clerk.getByRole('menuitem', { name: 'Not in warehouse' });
  if (!(await entry.isVisible())) await clerk.getByRole('menuitem', { name: 'Business operations' }).click();
  await entry.click();
  await expect(clerk).toHaveURL(/\/theone\/login/);
  const alert = clerk.locator('.ant-modal-confirm:visible');
  await expect(alert).toContainText('An administrator ended your session; please sign in again');
  await clerk.screenshot({ path: shot('issue11-forced-out-en.png') });
  await clerkContext.close();
});
