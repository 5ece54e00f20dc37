import type { APIRequestContext } from '@playwright/test';
import { makeContainerNo } from '@theone/contracts/common/validators';
import { expect, signIn, test } from '../fixtures/auth';
import { api, createOrder, references } from '../home/order-api';
import { confirmPrompt, modal, okDialog, visible } from '../support/ui';

/**
 * A container's journey (issue 13): orders of TH001 received and loaded into a 40HQ through the API; on track-list
 * the operator confirms the departure, adds two milestones and changes the ETA on track-details; customer service
 * finds one of the orders by its express number (order query) and sees its container and milestones on the order
 * details; deleting the milestones, cancelling the departure and cancelling the loading put everything back
 * (orders S3 in their plan, no container data).
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const run = Date.now().toString().slice(-6);
const EXPRESS = [`SF7${run}01`, `SF7${run}02`];

/** An ISO 6346 container number of this run, with its check digit. */
const containerNo = (serial: string) => makeContainerNo('TOEU', serial);
const CONTAINER = containerNo(run);

interface TLoadDetail {
  load: { id: number; loadNo: string; status: number; containerNo: string; etaDate: string | null };
  orders: { id: number; status: number; containerNo: string }[];
}
interface TMilestone {
  id: number;
  trackStatus: string;
  auto: '0' | '1';
}

let loadId = 0;
let loadNo = '';
const orderIds: number[] = [];
let transportId = '';

const loadOf = async (request: APIRequestContext) =>
  (await api<TLoadDetail>(request, 'admin', 'GET', `/bus/load/${loadId}`)).data;
const milestonesOf = async (request: APIRequestContext) =>
  (await api<TMilestone[]>(request, 'admin', 'GET', `/bus/track/detail/${loadId}`)).data;

test.beforeAll(async ({ request }) => {
  for (const express of EXPRESS) {
    const order = await createOrder(request, { status: 1, receive: true, fields: { expressNo: express } });
    orderIds.push(order.id);
    if (!transportId) transportId = order.transportId;
  }
  const r = await references(request);
  const plan = await api<{ id: number; loadNo: string }>(request, 'admin', 'POST', '/bus/loadplan/add', {
    busType: 'EK',
    leftAddrId: r.gz,
    destAddrId: r.bkk,
    containerType: '40HQ',
    loadHouseId: r.whGz,
    loadTime: '2026-11-23 09:00:00',
    etaDate: '2026-11-30 18:00:00',
    orderIds,
  });
  expect(plan.code, plan.msg).toBe(200);
  loadId = plan.data.id;
  loadNo = plan.data.loadNo;
  const loaded = await api(request, 'admin', 'POST', `/bus/load/addOrder/${loadId}`, {
    containerNo: CONTAINER,
    sealNo: `SL${run}`,
    truckNo: '桂A12345',
    loadTime: '2026-11-23 10:00:00',
    loadPerson: '张强',
  });
  expect(loaded.code, loaded.msg).toBe(200);
  expect((await loadOf(request)).load.status).toBe(2);
});

test('[TRACK]: the operator confirms the departure, adds two milestones and moves the ETA', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin', `bus/track-list?tab=waiting&loadNo=${loadNo}`);
  const list = visible(page, '[data-testid="list-bus/track-list"]');
  const row = list.locator('tbody tr', { hasText: loadNo });
  await expect(row).toContainText(CONTAINER);
  await row.locator('input[type=checkbox]').check();
  await list.getByTestId('list-btn-depart').click();
  await expect(page.getByTestId('depart-loads')).toHaveText(CONTAINER);
  await page.getByTestId('depart-remark').fill('友谊关出境');
  await okDialog(page);
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText(`确认 ${CONTAINER} 于`);
  await confirmPrompt(page);
  await expect(list.locator('tbody tr', { hasText: loadNo })).toHaveCount(0);
  const departed = await loadOf(request);
  expect(departed.load.status).toBe(3);
  expect(departed.orders.map((o) => o.status)).toEqual([5, 5]);

  // in transit now: the details page of the container
  await page.goto(`bus/track-details?id=${loadId}`);
  const details = visible(page, '[data-testid=track-details-page]');
  await expect(details).toContainText(CONTAINER);
  await expect(details.locator('[data-testid=milestone-5]')).toHaveAttribute('data-auto', '1');
  for (const [label, remark] of [
    ['国内报关中', '凭祥报关'],
    ['国内放行', '友谊关放行'],
  ] as const) {
    await details.getByTestId('track-add-milestone').click();
    await modal(page).getByTestId('milestone-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(label).click();
    await modal(page).locator('#trackRemark').fill(remark);
    await okDialog(page);
    await expect(details.getByTestId('journey-timeline')).toContainText(remark);
  }
  // the sea milestone 'sailed' is not offered for a land container
  await details.getByTestId('track-add-milestone').click();
  await modal(page).getByTestId('milestone-select').click();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('国内查验')).toBeVisible();
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle('已开船')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await modal(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();

  await details.getByTestId('track-change-eta').click();
  const eta = modal(page).locator('.ant-picker input');
  await eta.click();
  await eta.fill('2026-12-02 16:00:00');
  await eta.press('Enter');
  await okDialog(page);
  await expect(details).toContainText('2026-12-02 16:00:00');

  const milestones = await milestonesOf(request);
  expect(milestones.filter((m) => m.auto === '0').map((m) => m.trackStatus)).toEqual(
    expect.arrayContaining(['11', '13']),
  );
  const order = await api<{ preArriveTime: string }>(request, 'admin', 'GET', `/bus/inware/${orderIds[0]}`);
  expect(order.data.preArriveTime).toBeTruthy();
});

test('[TRACK]: customer service finds the order by its express number and sees its container and milestones', async ({
  page,
}) => {
  await signIn(page, 'service', 'bus/orderList');
  const list = visible(page, '[data-testid="list-bus/orderList"]');
  await list.locator('#expressNo').fill(EXPRESS[0]!);
  await list.getByTestId('list-search-submit').click();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByTestId(`order-link-${transportId}`).click();
  const details = visible(page, '[data-testid=order-details-page]');
  await details.getByRole('tab', { name: '柜子' }).click();
  await expect(visible(page, '[data-testid=order-container-no]')).toHaveText(CONTAINER);
  await expect(visible(page, '[data-testid=order-container-tab]')).toContainText(loadNo);
  await expect(visible(page, '[data-testid=order-container-tab]')).toContainText('2026-12-02 16:00:00');
  await details.getByRole('tab', { name: '轨迹' }).click();
  const timeline = visible(page, '[data-testid=journey-timeline]');
  await expect(timeline).toContainText('国内放行');
  await expect(timeline).toContainText('国内报关中');
  await expect(timeline.locator('[data-testid=milestone-5]')).toHaveAttribute('data-auto', '1');
});

test('[TRACK]: deleting the milestones, cancelling the departure and the loading put everything back', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin', `bus/track-details?id=${loadId}`);
  const details = visible(page, '[data-testid=track-details-page]');
  for (const m of (await milestonesOf(request)).filter((x) => x.auto === '0')) {
    await details.getByTestId(`milestone-delete-${m.id}`).click();
    await confirmPrompt(page);
    await expect(details.getByTestId(`milestone-delete-${m.id}`)).toHaveCount(0);
  }
  await details.getByTestId('cancel-departure').click();
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText(CONTAINER);
  await confirmPrompt(page);
  await expect(details.getByTestId('track-depart')).toBeVisible();
  const back = await loadOf(request);
  expect(back.load.status).toBe(2);
  expect(back.orders.map((o) => o.status)).toEqual([4, 4]);

  await page.goto(`bus/loadList?loadNo=${loadNo}`);
  const list = visible(page, '[data-testid="list-bus/loadList"]');
  const row = list.locator('tbody tr', { hasText: loadNo });
  await expect(row).toContainText(CONTAINER, { timeout: 30_000 });
  await row.getByRole('button', { name: '取消装柜' }).click();
  await expect(page.locator('.ant-modal-confirm:visible')).toContainText(CONTAINER);
  await confirmPrompt(page);
  await expect(list.locator('tbody tr', { hasText: loadNo })).toHaveCount(0);
  const plan = (await api<TLoadDetail>(request, 'admin', 'GET', `/bus/loadplan/${loadId}`)).data;
  expect(plan.load.status).toBe(0);
  expect(plan.orders.map((o) => o.status)).toEqual([3, 3]);
  expect(plan.orders.map((o) => o.containerNo)).toEqual(['', '']);
});
