import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/auth';
import { addDays, businessClock as shanghai } from '../support/business-clock';
import { shot } from '../support/ui';
import { api, createOrder, receiveOrder } from './order-api';

/**
 * Issue 10 item 8, as Chinese staff meet it (zh-cn, browser in Asia/Shanghai): 'yesterday's orders: 1' opened a
 * list of the last 30 days (2 orders); the details page showed the last edit's time as the receipt step's; the log
 * showed raw ISO times and 'cargo lines: - -> 2'. Now a card opens its list with its own filter and the same count,
 * each step has its own log row's time and every log line reads as text.
 */
test.use({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });

const RAW_ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`).first();
const count = async (page: Page, card: string) =>
  Number(((await page.getByTestId(`home-count-${card}`).textContent()) ?? '').replace(/\D/g, ''));

async function businessDay(request: APIRequestContext): Promise<string> {
  return (await api<{ day: string }>(request, 'admin', 'GET', '/bus/index')).data.day;
}

test('[HOME]: yesterday card opens the list of yesterday with the same count (zh-cn, Asia/Shanghai)', async ({
  page,
  signInAs,
}) => {
  const day = await businessDay(page.request);
  const yesterday = addDays(day, -1);
  // one order in yesterday's last minute and one two days ago: the old link's 30 days held both
  await createOrder(page.request, { status: 0, fields: { orderTime: `${yesterday} 23:59:30` } });
  await createOrder(page.request, { status: 0, fields: { orderTime: `${addDays(day, -2)} 10:00:00` } });

  await signInAs('admin');
  await expect(page.getByTestId('home-card-yesterdayOrders')).toBeVisible({ timeout: 30_000 });
  const n = await count(page, 'yesterdayOrders');
  expect(n).toBeGreaterThan(0);
  // shortcuts only to screens that exist ('新增预配' gave a 404 before its screen; now it opens it)
  await expect(page.getByRole('button', { name: /新增预配/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /订单录入/ })).toBeVisible();

  await page.getByTestId('home-card-yesterdayOrders').click();
  await expect(page).toHaveURL(new RegExp(`/bus/orderList\\?beginTime=${yesterday}&endTime=${yesterday}`));
  const list = visible(page, 'list-bus/orderList');
  await expect(list.getByTestId('list-pagination')).toContainText(`共 ${n} 条`);
  // the search form shows the card's day, not the last 30 days
  const orderTime = list.locator('.ant-form-item', { hasText: '下单时间' }).first();
  await expect(orderTime.locator('input').nth(0)).toHaveValue(yesterday);
  await expect(orderTime.locator('input').nth(1)).toHaveValue(yesterday);
  await page.screenshot({ path: shot('issue10-home-card-list-zh-cn.png') });
});

type TLog = { action: string; createTime: string };

test('[HOME]: order details take each step time from its log row; the log reads as text (zh-cn)', async ({
  page,
  signInAs,
}) => {
  // staged with one declared line, edited to two, confirmed, received, then changed after receipt
  const order = await createOrder(page.request, {
    status: 0,
    fields: { cargoLines: [{ piece: 2, weight: '40', volume: '0.5' }] },
  });
  const current = (
    await api<Record<string, unknown> & { version: number; cargoLines: { id: number }[] }>(
      page.request,
      'admin',
      'GET',
      `/bus/inware/${order.id}`,
    )
  ).data;
  const edited = await api(page.request, 'admin', 'POST', '/bus/inware/edit', {
    id: order.id,
    version: current.version,
    markId: current.markId,
    busType: current.busType,
    leftAddrId: current.leftAddrId,
    destAddrId: current.destAddrId,
    consignee: current.consignee,
    consigneeTel: current.consigneeTel,
    consigneeAddr: current.consigneeAddr,
    cargoName: current.cargoName,
    cargoType: current.cargoType,
    cargoLines: [
      { id: current.cargoLines[0]!.id, piece: 2, weight: '40', volume: '0.5' },
      { piece: 1, weight: '5', volume: '0.1' },
    ],
  });
  expect(edited.code, edited.msg).toBe(200);
  expect((await api(page.request, 'admin', 'POST', `/bus/inware/status/${order.id}`, { status: 1 })).code).toBe(200);
  await receiveOrder(page.request, order.id, { no: `WR-LOG-${order.id}`, piece: 3, weight: '45', volume: '0.6' });
  await page.waitForTimeout(2100);
  const changed = await api(page.request, 'admin', 'POST', '/bus/inware/editFields', {
    ids: [order.id],
    fields: { consignee: '王先生' },
    reason: 'e2e',
  });
  expect(changed.code, changed.msg).toBe(200);
  const log = (await api(page.request, 'admin', 'GET', `/bus/busOrderLog/list?orderId=${order.id}`)).rows as TLog[];
  const receipt = log.find((r) => r.action === 'submitToWarehouse')!;
  const last = log.at(-1)!;
  expect(shanghai(last.createTime)).not.toBe(shanghai(receipt.createTime));

  await signInAs('admin', `bus/orderDetails?id=${order.id}`);
  const details = visible(page, 'order-details-page');
  await expect(details.getByTestId('order-step-time-2')).toHaveText(shanghai(receipt.createTime));
  await expect(details.getByTestId('order-steps')).not.toContainText(shanghai(last.createTime));

  await details.getByRole('tab', { name: '订单日志' }).click();
  const timeline = details.getByTestId('order-log');
  await expect(timeline.getByTestId('order-log-change-cargoLines')).toHaveText('货物明细: 1 条 → 2 条 (新增 1 条)');
  await expect(timeline.getByTestId('order-log-change-consignee').first()).toContainText('→ 王先生');
  await expect(timeline).toContainText(shanghai(receipt.createTime));
  await expect(timeline).not.toContainText(RAW_ISO);
  await expect(timeline).not.toContainText('- -> ');
  await page.screenshot({ path: shot('issue10-order-log-zh-cn.png'), fullPage: true });

  // the same lines in English and Thai
  const lines = {
    en: 'Cargo lines: 1 line → 2 lines (1 added)',
    th: 'รายการสินค้า: 1 รายการ → 2 รายการ (เพิ่ม 1 รายการ)',
  };
  for (const [language, text] of Object.entries(lines)) {
    await page.evaluate((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
    await page.reload();
    const again = visible(page, 'order-details-page');
    await again.getByRole('tab').last().click();
    await expect(again.getByTestId('order-log-change-cargoLines')).toHaveText(text);
    await expect(again.getByTestId('order-log')).not.toContainText(RAW_ISO);
    await page.screenshot({ path: shot(`issue10-order-log-${language}.png`), fullPage: true });
  }
});
