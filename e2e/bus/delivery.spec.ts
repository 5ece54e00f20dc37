import type { APIRequestContext } from '@playwright/test';
import { makeContainerNo } from '@theone/contracts/common/validators';
import { expect, signIn, test } from '../fixtures/auth';
import { api } from '../home/order-api';
import { confirmPrompt, modal, PNG, submitDialog, visible } from '../support/ui';
import { driverAccountUserId, ordersInBangkok } from './destination-api';

/**
 * Delivery runs and signing (issue 14 items 3-4): three TH001 orders received, loaded, departed and arrived in the
 * Bangkok warehouse through the API; on the send desk the dispatcher puts two of them into a run of a driver linked
 * to the 'driver' account and dispatches it on sendOrder; the driver, on a phone-sized screen (390×844), signs one
 * order with a photo and fails the other; the dispatcher takes the failed one back to stock and puts it into the
 * next day's run, dispatched. The order statuses are checked through the API after each step.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString().slice(-6);
const DRIVER = `Somchai ${run}`;

/** An ISO 6346 container number of this run, with its check digit. */
const containerNo = (serial: string) => makeContainerNo('TODU', serial);

const orders: { id: number; transportId: string }[] = [];

const orderStatus = async (request: APIRequestContext, id: number) =>
  (
    await api<{ status: number; signStatus: number; sendId: number | null }>(
      request,
      'admin',
      'GET',
      `/bus/inware/${id}`,
    )
  ).data;

test.beforeAll(async ({ request }) => {
  orders.push(
    ...(await ordersInBangkok(request, 3, `คุณสมศรี ${run}`, { containerNo: containerNo(run), sealNo: `SL${run}` })),
  );
  // the driver of basic data linked to the 'driver' account, with a vehicle
  const vehicle = await api<{ id: number }>(request, 'admin', 'POST', '/bas/vehicle/add', {
    plateNo: `กข ${run.slice(-4)}`,
    country: 'TH',
    vehicleType: '1',
  });
  expect(vehicle.code, vehicle.msg).toBe(200);
  const vehicles = await api<unknown>(
    request,
    'admin',
    'GET',
    `/bas/vehicle/list?plateNo=${encodeURIComponent(`กข ${run.slice(-4)}`)}`,
  );
  const vehicleId = (vehicles.rows as { id: number }[])[0]!.id;
  const driver = await api(request, 'admin', 'POST', '/bas/driver/add', {
    driverName: DRIVER,
    phone: '0812345678',
    country: 'TH',
    vehicleId,
    userId: await driverAccountUserId(request),
  });
  expect(driver.code, driver.msg).toBe(200);
});

test('[DELIVERY]: a run with two orders is built on the desk and dispatched', async ({ page, request }) => {
  await signIn(page, 'dispatcher', `bus/send?transportId=${orders.map((o) => o.transportId).join(',')}`);
  const desk = visible(page, '[data-testid="list-bus/send"]');
  for (const o of orders.slice(0, 2))
    await desk.locator('tbody tr', { hasText: o.transportId }).locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-add').click();
  const dialog = modal(page);
  await expect(dialog.getByTestId('run-orders')).toContainText(orders[0]!.transportId);
  await dialog.getByTestId('run-driver').click();
  await page.keyboard.type(DRIVER);
  await page.locator('.ant-select-dropdown:visible').getByText(DRIVER).first().click();
  await dialog.getByTestId(`run-sendPartAmount-${orders[0]!.transportId}`).fill('1250.50');
  await submitDialog(page);
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  const first = await orderStatus(request, orders[0]!.id);
  expect(first.status).toBe(6);
  expect(first.sendId).not.toBeNull();

  // sendOrder: the new run, dispatched
  await page.goto(`bus/sendOrder?transportId=${orders[0]!.transportId}`);
  const runs = visible(page, '[data-testid="list-bus/sendOrder"]');
  const row = runs.locator('tbody tr.ant-table-row').first();
  // the first visit of the screen loads its chunk: allow for a slow shared machine
  await expect(row).toContainText(DRIVER, { timeout: 45_000 });
  await expect(row).toContainText('1,250.50');
  await row.locator('input[type=checkbox]').check();
  await runs.getByTestId('list-btn-sure').click();
  await confirmPrompt(page);
  await expect(row).toContainText('已派车');
  for (const o of orders.slice(0, 2)) expect((await orderStatus(request, o.id)).status).toBe(7);
});

test('[DELIVERY]: the driver, on a phone, signs one order with a photo and fails the other', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, 'driver', 'bus/sign-list?tab=unsigned');
  const cards = visible(page, '[data-testid=sign-cards]');
  const [a, b] = orders as [{ id: number; transportId: string }, { id: number; transportId: string }];
  await expect(cards.getByTestId(`sign-card-${a.transportId}`)).toContainText('1,250.50', { timeout: 45_000 });
  // nothing wider than the phone
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);

  await cards.getByTestId(`card-sign-${a.transportId}`).click();
  const dialog = modal(page);
  await expect(dialog.getByTestId('sign-person')).toHaveValue(/คุณสมศรี/);
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await dialog.getByTestId('sign-idcard').fill('1101700207447');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(1);
  await expect(
    dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
  ).toHaveCount(1);
  await submitDialog(page);
  await confirmPrompt(page); // P-sign
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  await expect(cards.getByTestId(`sign-card-${a.transportId}`)).toHaveCount(0);
  expect(await orderStatus(request, a.id)).toMatchObject({ status: 8, signStatus: 1 });

  await cards.getByTestId(`card-fail-${b.transportId}`).click();
  await modal(page).getByTestId('fail-reason').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item').first().click();
  await modal(page).getByTestId('fail-remark').fill('ไม่มีคนอยู่บ้าน');
  await submitDialog(page);
  await confirmPrompt(page); // P-fail
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  expect(await orderStatus(request, b.id)).toMatchObject({ status: 7, signStatus: 2 });
  await context.close();
});

test('[DELIVERY]: the dispatcher takes the failed order back to stock', async ({ page, request }) => {
  const b = orders[1]!;
  await signIn(page, 'dispatcher', `bus/send?transportId=${b.transportId}`);
  const desk = visible(page, '[data-testid="list-bus/send"]');
  const row = desk.locator('tbody tr', { hasText: b.transportId });
  await expect(row).toHaveClass(/send-row-failed/, { timeout: 45_000 });
  await row.locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-back').click();
  await confirmPrompt(page);
  await expect.poll(async () => (await orderStatus(request, b.id)).status).toBe(6);
  expect((await orderStatus(request, b.id)).sendId).toBeNull();
  // the signed one stays signed; the third never left the stock
  expect((await orderStatus(request, orders[0]!.id)).status).toBe(8);
  expect((await orderStatus(request, orders[2]!.id)).status).toBe(6);
});

test("[DELIVERY]: the failed order goes into tomorrow's run, dispatched", async ({ page, request }) => {
  const b = orders[1]!;
  await signIn(page, 'dispatcher', `bus/send?transportId=${b.transportId}`);
  const desk = visible(page, '[data-testid="list-bus/send"]');
  const row = desk.locator('tbody tr', { hasText: b.transportId });
  await expect(row).toBeVisible({ timeout: 45_000 });
  await row.locator('input[type=checkbox]').check();
  await desk.getByTestId('list-btn-add').click();
  const dialog = modal(page);
  await expect(dialog.getByTestId('run-orders')).toContainText(b.transportId);
  const when = dialog.locator('[data-testid=run-send-time] input, input[data-testid=run-send-time]').first();
  await when.click();
  await when.fill('2026-11-27 08:30:00');
  await when.press('Enter');
  await dialog.getByTestId('run-driver').click();
  await page.keyboard.type(DRIVER);
  await page.locator('.ant-select-dropdown:visible').getByText(DRIVER).first().click();
  await submitDialog(page);
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  const planned = await orderStatus(request, b.id);
  expect(planned.status).toBe(6);
  expect(planned.sendId).not.toBeNull();
  const runs = await api<unknown>(request, 'admin', 'GET', `/bus/send/list?transportId=${b.transportId}`);
  const next = (runs.rows as { id: number; sendTime: string; status: number }[]).find((r) => r.id === planned.sendId)!;
  expect(new Date(next.sendTime).toISOString()).toBe(new Date('2026-11-27T08:30:00+08:00').toISOString());

  await page.goto(`bus/sendOrder?transportId=${b.transportId}`);
  const list = visible(page, '[data-testid="list-bus/sendOrder"]');
  const runRow = list.locator('tbody tr.ant-table-row', { hasText: '2026-11-27' }).first();
  await expect(runRow).toContainText(DRIVER, { timeout: 45_000 });
  await runRow.locator('input[type=checkbox]').check();
  await list.getByTestId('list-btn-sure').click();
  await confirmPrompt(page);
  await expect(runRow).toContainText('已派车');
  expect(await orderStatus(request, b.id)).toMatchObject({ status: 7, sendId: planned.sendId });
});
