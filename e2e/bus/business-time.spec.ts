import type { APIRequestContext, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, expect, signIn, test } from '../fixtures/auth';
import { api, createOrder } from '../home/order-api';
import { businessClock } from '../support/business-clock';
import { apiURL } from '../support/env';
import { visible } from '../support/ui';

/**
 * Business time (issue 10 item 3, docs/web.md 'Dates and times'): times are entered and shown in the business time
 * zone (APP_TIMEZONE, Asia/Shanghai here) whatever the browser's zone, and a time sent back unchanged is stored
 * unchanged. The whole suite runs with the browser in Asia/Bangkok (playwright.config.ts); one journey here runs in
 * UTC. The order's times are half past midnight in Shanghai: the previous day in Bangkok and in UTC, so a screen
 * that used the browser's zone would show another day.
 */
const ORDER_TIME = '2026-11-10 00:30:00';
const ORDER_INSTANT = '2026-11-09T16:30:00.000Z';
const ARRIVAL_TIME = '2026-11-17 00:30:00';
const ARRIVAL_INSTANT = '2026-11-16T16:30:00.000Z';
const RAW_ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

type TOrder = { id: number; transportId: string; orderTime: string; preArriveTime: string | null; version: number };

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
}

async function stagedOrder(request: APIRequestContext) {
  return createOrder(request, { status: 0, fields: { orderTime: ORDER_TIME, preArriveTime: ARRIVAL_TIME } });
}

const fetchOrder = async (request: APIRequestContext, id: number) =>
  (await api<TOrder>(request, 'admin', 'GET', `/bus/inware/${id}`)).data;
const logCount = async (request: APIRequestContext, id: number) =>
  (await api(request, 'admin', 'GET', `/bus/busOrderLog/list?orderId=${id}`)).rows?.length ?? 0;

/** Opens the order's edit page, checks the times the form shows, saves without touching anything. */
async function saveUnchanged(page: Page, id: number, success: string | RegExp) {
  await page.goto(`bus/orderEdit?id=${id}`);
  const form = visible(page, '[data-testid=order-edit-page]');
  await expect(form.locator('#orderTime')).toHaveValue(ORDER_TIME);
  await expect(form.locator('#preArriveTime')).toHaveValue(ARRIVAL_TIME);
  await form.getByTestId('order-save').click();
  await expect(page.locator('.ant-message')).toContainText(success);
  return form;
}

/** Types a time into an antd date picker and confirms it. */
async function typeTime(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/** The order's row of the export (read with exceljs), as header -> text. */
async function exportedRow(request: APIRequestContext, transportId: string, language: string) {
  const { access_token } = await apiLogin(request, 'admin');
  const response = await request.post(`${apiURL}/bus/inware/export`, {
    headers: { authorization: `Bearer ${access_token}`, 'accept-language': language },
    data: { view: 'orderList', transportId },
  });
  expect(response.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  // exceljs rows are sparse arrays from index 1
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const values = Array.from(sheet.getRow(2).values as unknown[], (v) => String(v ?? ''));
  return Object.fromEntries(headers.map((h, i) => [h, values[i]]));
}

test.describe('th, browser in Asia/Bangkok', () => {
  test.use({ timezoneId: 'Asia/Bangkok', locale: 'th-TH' });

  test('[TIME]: saving an order unchanged keeps its times; list, details, log and export show the same time', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const order = await stagedOrder(page.request);
    const logRows = await logCount(page.request, order.id);
    await useLanguage(page, 'th');
    await signIn(page, 'admin', 'home');

    // list: the business time, and the business day's filter finds it
    await page.goto(`bus/orderList?transportId=${order.transportId}&beginTime=2026-11-10&endTime=2026-11-10`);
    const row = visible(page, '[data-testid="list-bus/orderList"]').locator('tr', { hasText: order.transportId });
    await expect(row).toContainText(ORDER_TIME);

    // edit, save unchanged: same instants stored, no log row
    await saveUnchanged(page, order.id, 'ดำเนินการสำเร็จ');
    const saved = await fetchOrder(page.request, order.id);
    expect(saved.orderTime).toBe(ORDER_INSTANT);
    expect(saved.preArriveTime).toBe(ARRIVAL_INSTANT);
    expect(await logCount(page.request, order.id)).toBe(logRows);

    // details: the same times
    await page.goto(`bus/orderDetails?id=${order.id}`);
    const details = visible(page, '[data-testid=order-details-page]');
    await expect(details).toContainText(ORDER_TIME);
    await expect(details).toContainText(ARRIVAL_TIME);
    // export: the same time, in Thai headers
    const exported = await exportedRow(page.request, order.transportId, 'th');
    expect(exported.วันที่สั่ง).toBe(ORDER_TIME);

    // a real change: the log shows both times formatted, never a raw ISO string
    await page.goto(`bus/orderEdit?id=${order.id}`);
    const form = visible(page, '[data-testid=order-edit-page]');
    await typeTime(form.locator('#orderTime'), '2026-11-11 00:30:00');
    await form.getByTestId('order-save').click();
    await expect(page.locator('.ant-message')).toContainText('ดำเนินการสำเร็จ');
    expect((await fetchOrder(page.request, order.id)).orderTime).toBe('2026-11-10T16:30:00.000Z');
    await page.goto(`bus/orderDetails?id=${order.id}`);
    await visible(page, '[data-testid=order-details-page]').getByRole('tab', { name: 'ประวัติออเดอร์' }).click();
    const log = visible(page, '[data-testid=order-log]');
    await expect(log).toContainText(ORDER_TIME);
    await expect(log).toContainText('2026-11-11 00:30:00');
    expect(await log.innerText()).not.toMatch(RAW_ISO);
  });

  test('[TIME]: a new order starts at the business time now, not the browser clock', async ({ page }) => {
    await signIn(page, 'admin', 'bus/orderAdd');
    const form = visible(page, '[data-testid=order-add-page]');
    await expect(form.locator('#orderTime')).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const shown = await form.locator('#orderTime').inputValue();
    const now = businessClock();
    // within a few minutes of Shanghai's clock (Bangkok's is an hour behind)
    expect(Math.abs(Date.parse(shown.replace(' ', 'T')) - Date.parse(now.replace(' ', 'T')))).toBeLessThan(180_000);
  });
});

test.describe('en, browser in UTC', () => {
  test.use({ timezoneId: 'UTC', locale: 'en-GB' });

  test('[TIME]: from a UTC browser, saving unchanged stores the same instants and logs nothing', async ({ page }) => {
    const order = await stagedOrder(page.request);
    const logRows = await logCount(page.request, order.id);
    await useLanguage(page, 'en');
    await signIn(page, 'admin', 'home');
    await saveUnchanged(page, order.id, 'Operation succeeded');
    const saved = await fetchOrder(page.request, order.id);
    expect(saved.orderTime).toBe(ORDER_INSTANT);
    expect(saved.preArriveTime).toBe(ARRIVAL_INSTANT);
    expect(await logCount(page.request, order.id)).toBe(logRows);
  });
});
