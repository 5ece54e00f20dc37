import type { APIRequestContext, Page } from '@playwright/test';
import { makeContainerNo } from '@theone/contracts/common/validators';
import { expect, signIn, test } from '../fixtures/auth';
import { api, receiveOrder, references } from '../home/order-api';
import { modal, PNG, shot, visible } from '../support/ui';

/**
 * Load plans (issue 13): the operator (dispatcher) opens a plan for a 40HQ on loadplanAdd, adds in-stock orders of
 * three customers by scanning their waybills and watches the fill gauge move (green, then blue from 85 %), saves;
 * on the plan's details the loading scan mode takes the container data once, then each waybill typed with Enter
 * (a USB scanner's keyboard wedge, no mouse) loads its order; the counter shows pieces loaded / planned, a repeat
 * says 'already scanned', and the plan becomes 'Loaded' (orders S4 with the container number and seal).
 * Screenshots of the three screens in zh-cn, en and th go to e2e/screenshots/ (git-ignored).
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const run = Date.now().toString().slice(-6);
const MARKS = ['TH001', 'TH002', 'CM888'] as const;

/** An ISO 6346 container number of this run, with its check digit. */
const containerNo = (serial: string) => makeContainerNo('TOLU', serial);
const CONTAINER = containerNo(run);
const SEAL = `SL${run}`;

interface TOrder {
  id: number;
  transportId: string;
  mark: string;
}
const orders: TOrder[] = [];
/** Received later, planned from inOrder's 'Add to load plan'. */
let late: TOrder | undefined;
let loadId = 0;
let loadNo = '';

/** Two received orders per customer, 2 pieces, 1500 kg and 10 m³ each (six fill 60 of a 40HQ's 68 m³). */
test.beforeAll(async ({ request }) => {
  const r = await references(request);
  for (const mark of MARKS) {
    const found = await api(request, 'admin', 'GET', `/bas/mark/list?mark=${mark}`);
    const markId = (found.rows as { id: number; mark: string }[]).find((m) => m.mark === mark)!.id;
    for (let n = 1; n <= 2; n++) {
      const added = await api<{ id: number; transportId: string }>(request, 'admin', 'POST', '/bus/inware/add', {
        status: 1,
        markId,
        busType: 'EK',
        leftAddrId: r.gz,
        destAddrId: r.bkk,
        consignee: `Khun ${mark}`,
        consigneeTel: '0823456789',
        consigneeAddr: '12/3 Ratchada Rd, Bangkok',
        cargoName: '家具',
        cargoType: '1',
        cargoPiece: 2,
        cargoWeight: '1500',
        cargoVolume: '10',
        expressNo: `SF8${run}${mark.slice(-1)}${n}`,
      });
      expect(added.code, added.msg).toBe(200);
      await receiveOrder(request, added.data.id, {
        no: `WR-LP-${added.data.id}`,
        piece: 2,
        weight: '1500',
        volume: '10',
      });
      orders.push({ id: added.data.id, transportId: added.data.transportId, mark });
    }
  }
  // a seventh one, TH001's third: it waits in stock for inOrder's 'Add to load plan'
  const extra = orders.find((o) => o.mark === 'TH001')!;
  const copy = await api<{ id: number; transportId: string }>(request, 'admin', 'POST', '/bus/inware/add', {
    ...(await orderBody(request, extra.id)),
    expressNo: `SF8${run}13`,
  });
  expect(copy.code, copy.msg).toBe(200);
  await receiveOrder(request, copy.data.id, { no: `WR-LP-${copy.data.id}`, piece: 3, weight: '800', volume: '6.8' });
  late = { id: copy.data.id, transportId: copy.data.transportId, mark: 'TH001' };
});

/** The entry fields of an order (to add another like it). */
async function orderBody(request: APIRequestContext, id: number) {
  const o = (await api<Record<string, unknown>>(request, 'admin', 'GET', `/bus/inware/${id}`)).data;
  return {
    status: 1,
    markId: o.markId,
    busType: o.busType,
    leftAddrId: o.leftAddrId,
    destAddrId: o.destAddrId,
    consignee: o.consignee,
    consigneeTel: o.consigneeTel,
    consigneeAddr: o.consigneeAddr,
    cargoName: o.cargoName,
    cargoType: o.cargoType,
    cargoPiece: 3,
    cargoWeight: '800',
    cargoVolume: '6.8',
  };
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await visible(page, `[data-testid="${testId}"]`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
}

test('[LOADPLAN]: an operator plans a 40HQ with orders of three customers, watching the gauge, and saves', async ({
  page,
}) => {
  await signIn(page, 'dispatcher', 'bus/loadplanAdd');
  const add = visible(page, '[data-testid=loadplan-add-page]');
  await expect(add.getByTestId('picker-route-first')).toBeVisible();
  await pick(page, 'plan-bus-type', '陆运(EK)');
  await pick(page, 'plan-left-addr', '广州');
  await pick(page, 'plan-dest-addr', '曼谷');
  await pick(page, 'plan-container-type', '40HQ（40尺高柜）');
  await expect(add.getByTestId('fill-gauge-volume')).toContainText('0.0%');
  // the dispatcher has no fee role: no cost, receivables or margin anywhere
  await expect(add.getByText('柜子成本')).toHaveCount(0);
  await expect(add.getByTestId('plan-margin')).toHaveCount(0);

  const scan = add.getByPlaceholder('扫描运单号添加订单');
  const expected = ['29.4%', '58.8%', '88.2%'];
  for (const [i, mark] of MARKS.entries()) {
    for (const o of orders.filter((x) => x.mark === mark)) {
      await scan.fill(o.transportId);
      await scan.press('Enter');
      await expect(add.getByTestId('picker-chosen')).toContainText(o.transportId);
    }
    await expect(add.getByTestId('fill-gauge-volume')).toContainText(expected[i]!);
  }
  // a repeat is refused
  await scan.fill(orders[0]!.transportId);
  await scan.press('Enter');
  await expect(add.getByTestId('picker-scan-message')).toContainText('已扫描');
  // 60 of 68 m³: blue (85-100 %), weight 9000 of 26000 kg green; three marks in the summary
  await expect(add.getByTestId('fill-gauge-volume')).toHaveAttribute('data-band', 'full');
  await expect(add.getByTestId('fill-gauge-weight')).toContainText('34.6%');
  await expect(add.getByTestId('fill-gauge-weight')).toHaveAttribute('data-band', 'ok');
  const marks = add.getByTestId('mark-summary');
  for (const mark of MARKS) await expect(marks).toContainText(mark);
  await expect(add.getByTestId('picker-totals')).toContainText('9000.00');
  await page.screenshot({ path: shot(`loadplan-add-zh-cn.png`), fullPage: true });

  await add.getByTestId('plan-save').click();
  const details = visible(page, '[data-testid=loadplan-details-page]');
  await expect(details.getByTestId('plan-status')).toHaveAttribute('data-status', '0');
  loadNo = (await details.getByTestId('plan-load-no').textContent())!.trim();
  loadId = Number(new URL(page.url()).searchParams.get('id'));
  expect(loadNo).toMatch(/^LD\d{10,11}$/);
  for (const o of orders) await expect(details.getByTestId(`plan-order-${o.transportId}`)).toBeVisible();
  await expect(details.getByTestId('plan-orders-totals')).toContainText('60.000');
});

test('[LOADPLAN]: the plan is loaded by scanning the waybills, keyboard only, and becomes Loaded', async ({
  page,
  request,
}) => {
  await signIn(page, 'dispatcher', `bus/loadplanDetails?id=${loadId}`);
  const details = visible(page, '[data-testid=loadplan-details-page]');
  await expect(details.getByTestId('plan-status')).toHaveAttribute('data-status', '0');
  await details.getByTestId('plan-scan-mode').click();

  // the Load dialog: the container number has the focus; Tab to the seal, Enter starts the scan mode
  const dialog = modal(page);
  await expect(dialog.getByTestId('load-container-no')).toBeFocused();
  // a wrong check digit first
  await page.keyboard.type(`${CONTAINER.slice(0, 10)}${(Number(CONTAINER[10]) + 1) % 10}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(SEAL);
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('请输入正确的柜号');
  await dialog.getByTestId('load-container-no').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(CONTAINER.toLowerCase());
  await page.keyboard.press('Enter');
  const panel = details.getByTestId('load-scan-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(CONTAINER);
  const counter = panel.getByTestId('load-scan-counter');
  await expect(counter).toHaveText('0 / 12');
  // the box has the focus: no click needed
  await expect(panel.getByPlaceholder('扫描运单号或件标签装柜')).toBeFocused();
  await page.screenshot({ path: shot(`loadplan-scan-zh-cn.png`), fullPage: true });

  // a USB scanner: the code and Enter, nothing else
  for (const [i, o] of orders.entries()) {
    await page.keyboard.type(o.transportId);
    await page.keyboard.press('Enter');
    await expect(counter).toHaveText(`${(i + 1) * 2} / 12`);
    if (i === 0) {
      await expect(details.getByTestId('plan-status')).toHaveAttribute('data-status', '1');
      // the same waybill again, and a piece label of it: already scanned, nothing loaded twice
      await page.keyboard.type(o.transportId);
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('load-scan-box-message')).toContainText(`${o.transportId} 已扫描`);
      await page.keyboard.type(`${o.transportId}-2`);
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('load-scan-box-message')).toContainText(`${o.transportId}-2 已扫描`);
      await expect(counter).toHaveText('2 / 12');
    }
  }
  await expect(details.getByTestId('plan-status')).toHaveAttribute('data-status', '2');
  await expect(details.getByTestId('plan-status')).toHaveText('已装柜');
  for (const o of orders) await expect(details.getByTestId(`loaded-${o.transportId}`)).toBeVisible();
  await page.screenshot({ path: shot(`loadplan-details-zh-cn.png`), fullPage: true });

  const plan = await api<{
    load: { status: number; containerNo: string; sealNo: string };
    orders: { status: number; containerNo: string }[];
  }>(request, 'admin', 'GET', `/bus/loadplan/${loadId}`);
  expect(plan.data.load).toMatchObject({ status: 2, containerNo: CONTAINER, sealNo: SEAL });
  expect(plan.data.orders.map((o) => [o.status, o.containerNo])).toEqual(orders.map(() => [4, CONTAINER]));

  // a photo of the seal: uploaded under 'Seal', shown as a thumbnail, then deleted
  const photos = details.getByTestId('load-photos');
  await photos.getByText('封条照片').click();
  await photos.locator('input[type=file]').setInputFiles({
    name: 'seal.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(photos.getByTestId('load-photos-2')).toContainText('封条照片 (1)');
  await expect(photos.getByTestId('load-photo-2-0')).toBeVisible();
  const withPhoto = await api<{ files: { id: number; kind: string }[] }>(
    request,
    'admin',
    'GET',
    `/bus/loadplan/${loadId}`,
  );
  expect(withPhoto.data.files.map((f) => f.kind)).toEqual(['2']);
  await photos.getByTestId(`load-photo-delete-${withPhoto.data.files[0]!.id}`).click();
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s?定/ })
    .click();
  await expect(photos.getByText('还没有照片')).toBeVisible();

  // the plan list: no longer among the open plans (L0/L1); with 'Loaded' in the status filter it is, with its fill
  await page.goto(`bus/loadplanList?loadNo=${loadNo}&status=2`);
  const list = visible(page, '[data-testid="list-bus/loadplanList"]');
  const row = list.locator('tbody tr', { hasText: loadNo });
  await expect(row).toContainText('已装柜');
  await expect(row.getByTestId(`fill-volumePercent-${loadNo}`)).toContainText('88.2%');
  await expect(list.getByText('预估毛利')).toHaveCount(0);
  await page.screenshot({ path: shot(`loadplan-list-zh-cn.png`), fullPage: true });
});

test('[LOADPLAN]: from inOrder, a ticked order goes into a new plan of its route', async ({ page, request }) => {
  await signIn(page, 'dispatcher', `bus/inOrder?tab=stock&transportId=${late!.transportId}`);
  const list = visible(page, '[data-testid="list-bus/inOrder"]');
  const row = list.locator('tbody tr', { hasText: late!.transportId });
  await row.locator('input[type=checkbox]').check();
  await list.getByTestId('list-btn-plan').click();
  const dialog = modal(page);
  // the open plans (planning, loading) of the order's route, with their fill; ours is loaded, so not among them
  await expect(dialog).toContainText('选择 广州 → 曼谷 的一个未装完的预配，或新建预配');
  await expect(dialog.locator('tbody tr', { hasText: loadNo })).toHaveCount(0);
  await dialog.getByTestId('add-to-new-plan').click();
  const add = visible(page, '[data-testid=loadplan-add-page]');
  await expect(add.getByTestId('picker-chosen')).toContainText(late!.transportId);
  await pick(page, 'plan-container-type', '20GP（20尺普柜）');
  // 6.8 of 28 m³, 800 of 21000 kg
  await expect(add.getByTestId('fill-gauge-volume')).toContainText('24.3%');
  await expect(add.getByTestId('fill-gauge-weight')).toContainText('3.8%');
  await page.screenshot({ path: shot(`loadplan-from-inorder-zh-cn.png`), fullPage: true });
  await add.getByTestId('plan-save').click();
  const details = visible(page, '[data-testid=loadplan-details-page]');
  await expect(details.getByTestId(`plan-order-${late!.transportId}`)).toBeVisible();
  const order = await api<{ status: number; loadId: number | null }>(
    request,
    'admin',
    'GET',
    `/bus/inware/${late!.id}`,
  );
  expect(order.data.status).toBe(3);
  expect(order.data.loadId).toBe(Number(new URL(page.url()).searchParams.get('id')));
});

test('[LOADPLAN]: screenshots of the load plan screens in en and th', async ({ page }) => {
  for (const language of ['en', 'th'] as const) {
    await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
    await signIn(page, 'admin', `bus/loadplanList?loadNo=${loadNo}&status=2`);
    await expect(
      visible(page, '[data-testid="list-bus/loadplanList"]').locator('tbody tr', { hasText: loadNo }),
    ).toBeVisible();
    await page.screenshot({ path: shot(`loadplan-list-${language}.png`), fullPage: true });
    await page.goto(`bus/loadplanDetails?id=${loadId}`);
    await expect(visible(page, '[data-testid=loadplan-details-page]').getByTestId('plan-status')).toHaveAttribute(
      'data-status',
      '2',
    );
    await page.screenshot({ path: shot(`loadplan-details-${language}.png`), fullPage: true });
    await page.goto('bus/loadplanAdd');
    await expect(visible(page, '[data-testid=loadplan-add-page]').getByTestId('plan-header')).toBeVisible();
    await page.screenshot({ path: shot(`loadplan-add-${language}.png`), fullPage: true });
  }
});
