import type { Page } from '@playwright/test';
import { apiLogin, expect, test } from '../fixtures/auth';
import { api, createOrder } from '../home/order-api';
import { pdfOf, printLabelInNewTab } from '../print/print-tab';
import { apiURL } from '../support/env';
import { PNG, shot } from '../support/ui';

/**
 * Issue 11 item 5: the app runs under a Content-Security-Policy (apps/server/src/platform/http/headers.ts: scripts
 * from this origin only, styles inline for antd's CSS-in-JS, images also data: and blob:, requests to this origin).
 * The main screens are walked with a listener for violations: the login page, home with an uploaded avatar (a blob:
 * image fetched with the session), the order list, the order form, the user list, the payment accounts with a QR
 * code (blob:), and a print opened as a PDF in a new tab (blob:). Any violation fails the journey.
 */

/** Collects CSP violations of the page (the DOM event) and the console's 'Content Security Policy' reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) seen.push(`${page.url()}: ${text}`);
  });
  return seen;
}

async function uploadAs(page: Page, user: 'admin' | 'finance', url: string, field: string) {
  const { access_token } = await apiLogin(page.request, user);
  const response = await page.request.post(`${apiURL}${url}`, {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { [field]: { name: 'picture.png', mimeType: 'image/png', buffer: PNG } },
  });
  const body = await response.json();
  expect(body.code, body.msg).toBe(200);
  return body.data as { fileId: string } | string;
}

test('[SHELL]: the main screens work under the Content-Security-Policy without a violation', async ({
  page,
  signInAs,
}) => {
  const violations = await watchViolations(page);

  const login = await page.goto('login');
  const policy = login!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'self'");
  await expect(page.locator('input[name=username]')).toBeVisible();

  // an avatar (shown in the header and on home) and a payment account with a QR code
  await uploadAs(page, 'admin', '/system/user/profile/avatar', 'avatarfile');
  const qr = (await uploadAs(page, 'finance', '/file/upload', 'file')) as { fileId: string };
  const account = await api(page.request, 'finance', 'POST', '/bas/payinfo/add', {
    accountName: `CSP ${Date.now()}`,
    bankName: 'Kasikornbank',
    accountNo: `${Date.now()}`.slice(-10),
    currency: 'THB',
    payType: '2',
    qrFileId: qr.fileId,
  });
  expect(account.code, account.msg).toBe(200);

  await signInAs('admin', 'home');
  const avatar = page.getByTestId('user-menu').locator('img');
  await expect(avatar).toHaveAttribute('src', /^blob:/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  for (const [path, ready] of [
    ['bus/orderList', '.ant-table'],
    ['bus/orderAdd', 'form'],
    ['system/user', '.ant-table'],
    ['bas/payinfo-list', '.ant-table'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(ready).first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const thumb = page.locator('.ant-table img[src^="blob:"]').first();
  await expect(thumb).toBeVisible();
  await page.screenshot({ path: shot('issue11-csp-payinfo.png') });

  // a print: the PDF opens in a new tab as a blob: URL, under the policy the tab inherits
  const order = await createOrder(page.request, { status: 1, receive: true });
  const popupOpened = page.waitForEvent('popup');
  await printLabelInNewTab(page, order.id);
  const popup = await popupOpened;
  const popupViolations: string[] = [];
  popup.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) popupViolations.push(m.text());
  });
  expect((await pdfOf(popup)).head).toBe('%PDF-');

  expect([...violations, ...popupViolations]).toEqual([]);
});

for (const language of ['en', 'th'] as const) {
  test(`[SHELL]: the sign-in page, home and the order list run under the policy in ${language}`, async ({
    page,
    signInAs,
  }) => {
    const violations = await watchViolations(page);
    await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
    await page.goto('login');
    await expect(page.locator('input[name=username]')).toBeVisible();
    await signInAs('admin', 'home');
    await page.goto('bus/orderList');
    await expect(page.locator('.ant-table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shot(`issue11-csp-orderlist-${language}.png`) });
    expect(violations).toEqual([]);
  });
}
