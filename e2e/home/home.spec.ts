import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { createOrder } from './order-api';

/**
 * The home dashboard (issue 6 item 8): counts in the caller's data scope, each card a link to its list
 * pre-filtered, the counts moving as orders change, the 30-day chart loaded lazily.
 */
const count = async (page: Page, card: string) =>
  Number(((await page.getByTestId(`home-count-${card}`).textContent()) ?? '').replace(/\D/g, ''));

test('[HOME]: counts link to filtered lists', async ({ page, signInAs }) => {
  await signInAs('admin');
  await expect(page.getByTestId('home-card-todayOrders')).toBeVisible({ timeout: 30_000 });
  const day = await page.evaluate(async () => {
    const r = await fetch('/prod-api/bus/index', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('THEONE-token')}` },
    });
    return ((await r.json()) as { data: { day: string } }).data.day;
  });
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  const yesterday = d.toISOString().slice(0, 10);
  // Each card opens its list with its own filters (contracts bus/home-cards.ts): waiting sign opens the sign list's
  // orders out for delivery; problem items open the exception list's Open tab.
  const expected: Record<string, string> = {
    todayOrders: `/theone/bus/orderList?beginTime=${day}&endTime=${day}&pageNum=1`,
    yesterdayOrders: `/theone/bus/orderList?beginTime=${yesterday}&endTime=${yesterday}&pageNum=1`,
    waitingInput: '/theone/bus/unOrder?status=0&pageNum=1',
    waitingLoad: '/theone/bus/inOrder?tab=stock&pageNum=1',
    noMark: '/theone/bus/noMarkOrder?pageNum=1',
    waitingSettlement: '/theone/bus/orderList?status=8&arWriteStatus=0%2C1&pageNum=1',
    waitingSign: '/theone/bus/sign-list?tab=all&status=7&pageNum=1',
    problemItems: '/theone/bus/exception-list?tab=open&pageNum=1',
  };
  for (const [card, href] of Object.entries(expected)) {
    await expect(page.getByTestId(`home-card-${card}`)).toHaveAttribute('href', href);
  }
  // Shortcuts only to screens that exist: 'New load plan' now that its screen exists.
  await expect(page.getByRole('link', { name: /新增预配/ })).toHaveAttribute('href', '/theone/bus/loadplanAdd');

  // A staged order and a received one move their cards after Refresh.
  const input = await count(page, 'waitingInput');
  const today = await count(page, 'todayOrders');
  const load = await count(page, 'waitingLoad');
  await createOrder(page.request, { status: 0 });
  await createOrder(page.request, { status: 1, receive: true });
  await page.getByTestId('home-refresh').click();
  await expect.poll(() => count(page, 'waitingInput')).toBe(input + 1);
  await expect.poll(() => count(page, 'todayOrders')).toBe(today + 2);
  await expect.poll(() => count(page, 'waitingLoad')).toBe(load + 1);

  // The chart is there (SVG; arrows and Enter work on it as on a slider over the days).
  await expect(page.getByTestId('home-chart').getByRole('slider')).toBeVisible({ timeout: 30_000 });

  // A card opens its list with the filter in the URL (the list screens read it from there).
  await page.getByTestId('home-card-waitingInput').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/home'));
  const opened = new URL(page.url());
  expect(opened.pathname).toMatch(/\/bus\/unOrder$/);
  expect(opened.searchParams.get('status')).toBe('0');
});

test('[HOME]: a sales user sees the cards of the lists they can open, in their data scope', async ({
  page,
  signInAs,
}) => {
  await signInAs('sales');
  await expect(page.getByTestId('home-card-todayOrders')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('home-card-waitingInput')).toBeVisible();
  await expect(page.getByTestId('home-card-problemItems')).toBeVisible();
  // no in-warehouse, no-mark or sign-list keys in the sales role
  await expect(page.getByTestId('home-card-waitingLoad')).toHaveCount(0);
  await expect(page.getByTestId('home-card-noMark')).toHaveCount(0);
  await expect(page.getByTestId('home-card-waitingSign')).toHaveCount(0);
  // TH001 is a customer of 'sales': a staged order of it counts for them
  const before = await count(page, 'waitingInput');
  await createOrder(page.request, { status: 0 });
  await page.getByTestId('home-refresh').click();
  await expect.poll(() => count(page, 'waitingInput')).toBe(before + 1);
});

test('[HOME]: a driver sees the signature cards only, without the order chart', async ({ page, signInAs }) => {
  await signInAs('driver');
  await expect(page.getByTestId('home-card-waitingSign')).toBeVisible({ timeout: 30_000 });
  // sign-list is the driver's screen: the card opens it
  await expect(page.getByTestId('home-card-waitingSign')).toHaveAttribute(
    'href',
    '/theone/bus/sign-list?tab=all&status=7&pageNum=1',
  );
  await expect(page.getByTestId('home-greeting')).toBeVisible();
  // 'my deliveries' once the account is linked to a driver of basic data (e2e/bus/delivery.spec.ts links one)
  const mine = page.getByTestId('home-card-myDeliveries');
  const cards = (await mine.count()) ? 2 : 1;
  if (cards === 2) await expect(mine).toHaveAttribute('href', '/theone/bus/sign-list?tab=unsigned&pageNum=1');
  await expect(page.locator('[data-testid^=home-card-]')).toHaveCount(cards);
  await expect(page.getByTestId('home-chart')).toHaveCount(0);
});
