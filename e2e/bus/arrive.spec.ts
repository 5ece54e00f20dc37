import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { api } from '../home/order-api';
import { pdfOf } from '../print/print-tab';
import { confirmPrompt, modal, okDialog, visible } from '../support/ui';

/**
 * Pick-up and the overseas warehouse (issue 14 items 1-2): a demo container in transit (departed, pick-up record
 * P0) is picked up by the Thai team on arriveList (overseas warehouse chosen, seal intact); on arriveOrder its
 * orders are received by scanning off the container (a piece label receives the first order and counts one
 * piece, the same label again is refused as a repeat, a waybill receives the second order with all its pieces);
 * the container's delivery notes are previewed and printed from its details page (both received orders ticked, a
 * PDF in a new tab); on arriveDetails the arrival of the container is cancelled and its orders are back in transit (S5), the record
 * picked up (P1).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** What a USB scanner does into the focused scan box: the code's keys and Enter. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

interface TRecord {
  id: number;
  loadId: number;
  loadNo: string;
  status: number;
  containerNo: string;
  orderCount: number;
}
interface TDetail {
  arrive: TRecord & { houseName: string; sealIntact: string | null };
  orders: { id: number; transportId: string; status: number; expectedPieces: number; scannedPieces: number }[];
}

let record: TRecord;
let first = { id: 0, transportId: '', expectedPieces: 1 };
let second = { id: 0, transportId: '', expectedPieces: 1 };

const detailOf = async (request: APIRequestContext) =>
  (await api<TDetail>(request, 'admin', 'GET', `/bus/arrive/${record.id}`)).data;

test.beforeAll(async ({ request }) => {
  // a demo container in transit (seeded by load.seed.ts with its P0 pick-up record)
  const list = await api<unknown>(request, 'admin', 'GET', '/bus/arrive/list?status=0&pageSize=100');
  const rows = (list.rows ?? []) as TRecord[];
  const demo = rows
    .filter((r) => r.containerNo && r.orderCount >= 2)
    .sort((a, b) => b.orderCount - a.orderCount || a.id - b.id)[0];
  expect(demo, 'a departed demo container').toBeTruthy();
  record = demo!;
  const detail = await detailOf(request);
  const [a, b] = detail.orders;
  first = { id: a!.id, transportId: a!.transportId, expectedPieces: a!.expectedPieces };
  second = { id: b!.id, transportId: b!.transportId, expectedPieces: b!.expectedPieces };
  expect(detail.orders.every((o) => o.status === 5)).toBe(true);
});

test('[ARRIVE]: the Thai team registers the pick-up of a container in transit', async ({ page, request }) => {
  await signIn(page, 'dispatcher', `bus/arriveList?containerNo=${record.containerNo}`);
  const list = visible(page, '[data-testid="list-bus/arriveList"]');
  const row = list.locator('tbody tr', { hasText: record.loadNo });
  await expect(row).toContainText('在途');
  await expect(row.getByTestId(`arrive-count-${record.loadNo}`)).toHaveText(`0 / ${record.orderCount}`);
  await row.getByRole('button', { name: '登记提柜' }).click();
  await expect(modal(page)).toContainText(`登记提柜 ${record.containerNo}`);
  await modal(page).getByTestId('pickup-house').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('曼谷海外仓').click();
  await modal(page).getByTestId('pickup-remark').fill('林查班港提柜');
  await okDialog(page);
  await expect(row).toContainText('已提柜');
  await expect(row).toContainText('曼谷海外仓');
  const detail = await detailOf(request);
  expect(detail.arrive).toMatchObject({ status: 1, sealIntact: '1' });
});

test('[ARRIVE]: its orders are received in the overseas warehouse by scanning them off the container', async ({
  page,
  request,
}) => {
  await signIn(page, 'dispatcher', `bus/arriveOrder?tab=receive&containerNo=${record.containerNo}`);
  const list = visible(page, '[data-testid="list-bus/arriveOrder"]');
  await expect(list.locator('tbody tr', { hasText: first.transportId })).toBeVisible();
  const box = page.locator('[data-testid=arrive-scan-box]:visible input');
  await expect(box).toBeFocused();

  // a piece label: the order is received, one piece counted
  await scan(page, `${first.transportId}-1`);
  const message = page.getByTestId('arrive-scan-box-message');
  await expect(message).toContainText(`${first.transportId} 已入库`);
  await expect(message).toHaveAttribute('data-tone', 'ok');
  await expect(page.getByTestId('arrive-scan-counter')).toHaveText(`1 / ${first.expectedPieces}`);
  // the same label again: a repeat, nothing written
  await scan(page, `${first.transportId}-1`);
  await expect(message).toContainText(`${first.transportId}-1 已扫描`);
  await expect(message).toHaveAttribute('data-tone', 'warn');
  // the second order's waybill: received with every piece
  await scan(page, second.transportId);
  await expect(message).toContainText(`${second.transportId} 已入库`);
  await expect(page.getByTestId('arrive-scan-counter')).toHaveText(
    `${second.expectedPieces} / ${second.expectedPieces}`,
  );
  // both left the 'to receive' tab and are in overseas stock with their counts
  await expect(list.locator('tbody tr', { hasText: first.transportId })).toHaveCount(0);
  await page.getByTestId('arrive-order-tabs').getByText('海外仓在库').click();
  await expect(list.getByTestId(`arrive-pieces-${first.transportId}`)).toHaveText(`1 / ${first.expectedPieces}`);

  const detail = await detailOf(request);
  const statusOf = (id: number) => detail.orders.find((o) => o.id === id)!.status;
  expect([statusOf(first.id), statusOf(second.id)]).toEqual([6, 6]);
  expect(detail.arrive.status).toBe(record.orderCount === 2 ? 3 : 2);
});

test("[ARRIVE]: the container's delivery notes are previewed and printed from its details page", async ({ page }) => {
  await signIn(page, 'dispatcher', `bus/loadDetails?id=${record.loadId}`);
  await visible(page, '[data-testid=load-notes]').click();
  const dialog = modal(page);
  await expect(dialog).toContainText(`打印派送单 · ${record.containerNo}`);
  const table = dialog.getByTestId('load-notes-table');
  for (const o of [first, second]) {
    const row = table.locator('tbody tr', { hasText: o.transportId });
    await expect(row).toContainText('已到仓');
    await expect(row.locator('input[type=checkbox]')).toBeChecked();
  }
  await expect(dialog.getByTestId('load-notes-print')).toContainText(`打印 ${record.orderCount} 张派送单`);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByTestId('load-notes-print').click();
  expect((await pdfOf(await popupOpened)).head).toBe('%PDF-');
  await expect(dialog).toBeHidden();
});

test('[ARRIVE]: the arrival of the container is cancelled on its details page', async ({ page, request }) => {
  await signIn(page, 'dispatcher', `bus/arriveDetails?id=${record.id}`);
  const details = visible(page, '[data-testid=arrive-details-page]');
  await expect(details).toContainText(record.containerNo);
  await expect(details.getByTestId('arrive-orders')).toContainText(first.transportId);
  await details.getByTestId('arrive-cancel-container').click();
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText(`取消 ${record.containerNo} 的到仓`);
  await confirmPrompt(page);
  await expect(details.getByTestId('arrive-cancel-container')).toHaveCount(0);
  const detail = await detailOf(request);
  expect(detail.arrive.status).toBe(1);
  expect(detail.orders.every((o) => o.status === 5)).toBe(true);
  expect(detail.orders.every((o) => o.scannedPieces === 0)).toBe(true);
});
