import type { APIRequestContext, Page } from '@playwright/test';
import { makeContainerNo } from '@theone/contracts/common/validators';
import { expect, signIn, test } from '../fixtures/auth';
import { api } from '../home/order-api';
import { confirmPrompt, modal, PNG, submitDialog, visible } from '../support/ui';
import { driverAccountUserId, ordersInBangkok } from './destination-api';

/**
 * Short delivery (issue 14: 'a short delivery raises a problem item that blocks its next run until closed') and
 * arriveOrder's 'Deliver selected'. Two TH001 orders of two pieces each are received, loaded, departed and arrived in
 * the Bangkok warehouse through the API. On arriveOrder the dispatcher ticks both and Deliver selected opens the send
 * desk with New send order prefilled; the run is dispatched. The driver, on a phone, signs one order with 1 of its 2
 * pieces: partly signed, and a 'short delivery' problem item opens. The dispatcher cancels that signature and takes
 * the order back to stock; putting it into a new run is refused with M-exc (on the desk, and by the server) while
 * the item is open; customer service closes it on the problem-item list; then the order goes into its next run.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString().slice(-6);
const DRIVER = `Anan ${run}`;
const M_EXC = /有未处理的问题件，请重新选择/;

/** An ISO 6346 container number of this run, with its check digit. */
const containerNo = (serial: string) => makeContainerNo('TSDU', serial);

const orders: { id: number; transportId: string }[] = [];
let driverId = 0;

type TOrderState = {
  status: number;
  signStatus: number;
  signPiece: number | null;
  sendId: number | null;
  ifException: number;
  exceptionType: string;
  exceptionStatus: number | null;
};
const orderState = async (request: APIRequestContext, id: number) =>
  (await api<TOrderState>(request, 'admin', 'GET', `/bus/inware/${id}`)).data;

/** Picks the run's driver in the run dialog. */
async function chooseDriver(page: Page) {
  await modal(page).getByTestId('run-driver').click();
  await page.keyboard.type(DRIVER);
  await page.locator('.ant-select-dropdown:visible').getByText(DRIVER).first().click();
}

test.beforeAll(async ({ request }) => {
  orders.push(
    ...(await ordersInBangkok(request, 2, `คุณวิภา ${run}`, { containerNo: containerNo(run), sealNo: `SD${run}` })),
  );
  // a driver of basic data linked to the 'driver' account
  const added = await api(request, 'admin', 'POST', '/bas/driver/add', {
    driverName: DRIVER,
    phone: '0812345679',
    country: 'TH',
    userId: await driverAccountUserId(request),
  });
  expect(added.code, added.msg).toBe(200);
  const drivers = await api<unknown>(
    request,
    'admin',
    'GET',
    `/bas/driver/list?driverName=${encodeURIComponent(DRIVER)}`,
  );
  driverId = (drivers.rows as { id: number }[])[0]!.id;
});

test("[SHORT]: arriveOrder's Deliver selected opens the desk's New send order with the ticked orders", async ({
  page,
  request,
}) => {
  const both = orders.map((o) => o.transportId).join(',');
  await signIn(page, 'dispatcher', `bus/arriveOrder?tab=stock&transportId=${both}`);
  const list = visible(page, '[data-testid="list-bus/arriveOrder"]');
  for (const o of orders) {
    const row = list.locator('tbody tr.ant-table-row', { hasText: o.transportId });
    await expect(row).toBeVisible({ timeout: 45_000 });
    await row.locator('input[type=checkbox]').check();
  }
  await list.getByTestId('list-btn-deliver').click();
  await expect(page).toHaveURL(/\/bus\/send\?/);
  const dialog = modal(page);
  for (const o of orders)
    await expect(dialog.getByTestId('run-orders')).toContainText(o.transportId, { timeout: 45_000 });
  await chooseDriver(page);
  await submitDialog(page);
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  const sendId = (await orderState(request, orders[0]!.id)).sendId;
  expect(sendId).not.toBeNull();
  expect((await orderState(request, orders[1]!.id)).sendId).toBe(sendId);
  // the desk shows the two orders of the new run; the run is dispatched
  const desk = visible(page, '[data-testid="list-bus/send"]');
  await expect(desk.locator('tbody tr.ant-table-row')).toHaveCount(2);
  const sure = await api(request, 'dispatcher', 'POST', '/bus/send/sure', { ids: [sendId] });
  expect(sure.code, sure.msg).toBe(200);
  for (const o of orders) expect((await orderState(request, o.id)).status).toBe(7);
});

test('[SHORT]: the driver signs 1 of 2 pieces on a phone: partly signed, a short-delivery problem item opens', async ({
  browser,
  request,
}) => {
  const a = orders[0]!;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, 'driver', `bus/sign-list?tab=unsigned&transportId=${a.transportId}`);
  const cards = visible(page, '[data-testid=sign-cards]');
  await cards.getByTestId(`card-sign-${a.transportId}`).click({ timeout: 45_000 });
  const dialog = modal(page);
  await expect(dialog.getByTestId('sign-piece')).toHaveValue('2');
  await dialog.getByTestId('sign-piece').fill('1');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(1);
  await submitDialog(page);
  await confirmPrompt(page); // P-sign
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  expect(await orderState(request, a.id)).toMatchObject({
    status: 8,
    signStatus: 3,
    signPiece: 1,
    ifException: 1,
    exceptionType: '1',
    exceptionStatus: 0,
  });
  await context.close();
});

test('[SHORT]: back in stock, the order cannot go into its next run (M-exc) until the problem item is closed', async ({
  page,
  request,
}) => {
  const a = orders[0]!;
  // the dispatcher cancels the partial signature (S8 -> S7) and takes the order back to stock (S7 -> S6)
  await signIn(page, 'dispatcher', `bus/sign-list?tab=signed&transportId=${a.transportId}`);
  const signed = visible(page, '[data-testid="list-bus/sign-list"]').locator('tbody tr.ant-table-row', {
    hasText: a.transportId,
  });
  await signed.getByRole('button', { name: '取消签收' }).click({ timeout: 45_000 });
  await confirmPrompt(page);
  await expect.poll(async () => (await orderState(request, a.id)).status).toBe(7);
  await page.goto(`bus/send?transportId=${a.transportId}`);
  const desk = visible(page, '[data-testid="list-bus/send"]');
  const row = desk.locator('tbody tr.ant-table-row', { hasText: a.transportId });
  await expect(row).toContainText('问题件', { timeout: 45_000 });
  await row.locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-back').click();
  await confirmPrompt(page);
  await expect.poll(async () => (await orderState(request, a.id)).status).toBe(6);
  expect((await orderState(request, a.id)).sendId).toBeNull();

  // New send order: refused on the desk with M-exc naming the order, and by the server with the same message
  await expect(row).toContainText('已到仓', { timeout: 20_000 });
  await row.locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-add').click();
  const warning = page.locator('.ant-message-notice', { hasText: M_EXC });
  await expect(warning).toContainText(a.transportId);
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  const refused = await api(request, 'dispatcher', 'POST', '/bus/send/add', {
    sendTime: '2026-11-28 08:00:00',
    driverId,
    orderIds: [a.id],
  });
  expect(refused.code).not.toBe(200);
  expect(refused.msg).toMatch(M_EXC);
  expect((await orderState(request, a.id)).sendId).toBeNull();

  // customer service closes the item with a handling remark
  const cs = await page.context().browser()!.newContext();
  const csPage = await cs.newPage();
  await signIn(csPage, 'service', `bus/exception-list?tab=open&transportId=${a.transportId}`);
  const item = visible(csPage, '[data-testid="list-bus/exception-list"]').locator('tbody tr.ant-table-row', {
    hasText: a.transportId,
  });
  await expect(item).toContainText('少件', { timeout: 45_000 });
  await item.getByRole('button', { name: /关\s*闭/ }).click();
  await modal(csPage).getByTestId('exception-handle-remark').fill('缺的 1 件在曼谷仓找到，明天补送');
  await submitDialog(csPage);
  await expect(item).toHaveCount(0);
  await cs.close();
  expect(await orderState(request, a.id)).toMatchObject({ ifException: 0, exceptionStatus: 2 });

  // now the order goes into its next run
  await page.reload();
  await expect(row).toBeVisible({ timeout: 45_000 });
  await expect(row).not.toContainText('问题件');
  await row.locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-add').click();
  await expect(modal(page).getByTestId('run-orders')).toContainText(a.transportId);
  await chooseDriver(page);
  await submitDialog(page);
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  const next = await orderState(request, a.id);
  expect(next.status).toBe(6);
  expect(next.sendId).not.toBeNull();
});
