import type { Page } from '@playwright/test';
import { apiLogin, expect, signIn, signInAccount, test } from '../fixtures/auth';
import { apiURL } from '../support/env';
import { confirmPrompt, okDialog, visible } from '../support/ui';

/**
 * Inbound orders (issue 6), end to end in the browser: entry with cargo lines and the freight computed, receipt
 * with measured figures re-pricing the order, a search by one of several express numbers, and no-mark cargo
 * registered then assigned to its customer. Printing has its own journeys (bus/print).
 *
 * The clerk who sees fees is a customer-service lead: the demo 'service' role plus the fee role (screens §0 'fee
 * role by default: ... CS leads'), created through the system API for this run.
 */
const run = Date.now().toString().slice(-7);
const EXPRESS = [`SF9${run}01`, `SF9${run}02`];
const CS_LEAD = { username: `cslead${run.slice(-4)}`, password: 'Cslead#2026x' };

async function api(page: Page, token: string, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await page.request[method](`${apiURL}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  return response.json();
}

/** The CS lead: roles 'service' and a fee-view role (bus:fee:view). */
async function ensureCsLead(page: Page) {
  const { access_token: admin } = await apiLogin(page.request, 'admin');
  const menus = (await api(page, admin, 'get', '/system/menu/list')).data as { menuId: number; perms: string }[];
  const fee = menus.find((m) => m.perms === 'bus:fee:view')!;
  const roles = async (key: string) =>
    (
      (await api(page, admin, 'get', `/system/role/list?roleKey=${key}&pageSize=50`)).rows as {
        roleId: number;
        roleKey: string;
      }[]
    ).find((r) => r.roleKey === key);
  if (!(await roles('e2e_fee_view')))
    await api(page, admin, 'post', '/system/role', {
      roleName: 'E2E费用查看',
      // named in every language, as an administrator does (the languages journey reads the role list in th and en)
      roleNameEn: 'E2E fee view',
      roleNameTh: 'E2E ดูค่าใช้จ่าย',
      roleKey: 'e2e_fee_view',
      roleSort: 90,
      menuIds: [fee.menuId],
    });
  const feeRole = (await roles('e2e_fee_view'))!;
  // a lead serves every customer of the team: data scope 'all'
  await page.request.put(`${apiURL}/system/role/dataScope`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { roleId: feeRole.roleId, dataScope: '1' },
  });
  const service = (await roles('service'))!;
  await api(page, admin, 'post', '/system/user', {
    userName: CS_LEAD.username,
    password: CS_LEAD.password,
    nickName: '客服主管',
    roleIds: [service.roleId, feeRole.roleId],
  });
}

/** Picks an option of an antd select: click, type, click the option. */
async function pick(page: Page, select: ReturnType<Page['locator']>, search: string, option: string | RegExp = search) {
  await select.click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The input of an antd number box, whichever element carries the test id. */
const numberBox = (scope: Page | ReturnType<Page['locator']>, id: string) =>
  scope.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let transportId = '';

test('[ORDERS]: a service clerk enters an order with three cargo lines and sees the freight computed', async ({
  page,
}) => {
  await ensureCsLead(page);
  await signInAccount(page, CS_LEAD.username, CS_LEAD.password, 'bus/orderAdd');
  const form = visible(page, '[data-testid=order-add-page]');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('order-transport-id')).toHaveValue(/^TH\d{11}$/);
  await pick(page, form.locator('#markId'), 'TH001', /TH001/);
  // the mark's default address fills the consignee block
  await expect(form.getByTestId('order-consignee')).toHaveValue('Khun Prasert');
  await form.getByTestId('order-cargo-name').fill('家具');
  await form.getByTestId('order-express').fill(EXPRESS.join(','));
  // three cargo lines, totals as you type
  for (let i = 0; i < 3; i++) await form.getByTestId('cargo-add-line').click();
  const line = (i: number, field: string) => numberBox(form, `line-${i}-${field}`);
  await line(0, 'piece').fill('2');
  await line(0, 'cargoLength').fill('50');
  await line(0, 'cargoWidth').fill('40');
  await line(0, 'cargoHight').fill('30');
  await line(0, 'weight').fill('24.5');
  await line(1, 'cargoLength').fill('120');
  await line(1, 'cargoWidth').fill('80');
  await line(1, 'cargoHight').fill('100');
  await line(1, 'weight').fill('60');
  await line(2, 'piece').fill('3');
  await numberBox(form, 'line-2-volume-input').fill('0.05');
  await line(2, 'weight').fill('15.5');
  await expect(form.getByTestId('total-piece')).toHaveText('6');
  await expect(form.getByTestId('total-weight')).toHaveText('100.00');
  await expect(form.getByTestId('total-volume')).toHaveText('1.130');
  // TH001 automatic: the larger of 1.130 m³ × 660.00 and 100 kg × 4.40
  await expect(form.getByTestId('order-freight')).toContainText('745.80');
  await expect(form.getByTestId('freight-basis')).toContainText('1.130');
  await expect(form.getByTestId('order-fee-total')).toContainText('745.80');
  transportId = (await form.getByTestId('order-transport-id').inputValue()) ?? '';
  await form.getByTestId('order-save-confirm').click();
  await expect(form.getByTestId('order-last-saved')).toContainText(transportId);
  // continuous entry: a new number, the cargo cleared, the customer kept
  await expect(form.getByTestId('order-transport-id')).not.toHaveValue(transportId);
  await expect(form.getByTestId('total-piece')).toHaveText('0');
});

test('[ORDERS]: the order is received into the warehouse with its measured weight and the fees change', async ({
  page,
}) => {
  await signIn(page, 'admin', 'bus/inOrder');
  await visible(page, '[data-testid=scan-box] input').fill(EXPRESS[1]!);
  await visible(page, '[data-testid=scan-box] input').press('Enter');
  const dialog = page.getByTestId('receive-dialog');
  await expect(page.locator('.ant-modal-title', { hasText: transportId })).toBeVisible();
  await expect(page.getByTestId('receive-no')).toHaveValue(/^WR\d{11}$/);
  await numberBox(page, 'receive-piece').fill('6');
  await numberBox(page, 'receive-weight').fill('300');
  await numberBox(page, 'receive-volume').fill('1.13');
  await okDialog(page);
  // 300 kg × 4.40 = 1,320.00 now beats 1.130 m³ × 660.00
  await expect(page.locator('.ant-message')).toContainText('745.80');
  await expect(page.locator('.ant-message')).toContainText('1320.00');
  void dialog;
  await page.goto(`bus/orderList?transportId=${transportId}`);
  const row = visible(page, '[data-testid="list-bus/orderList"]').locator('tr', { hasText: transportId });
  await expect(row).toContainText('已入仓');
  await expect(row).toContainText('1,320.00');
});

test('[ORDERS]: an order is found by one of its express numbers', async ({ page }) => {
  await signIn(page, 'service', 'bus/orderList');
  const list = visible(page, '[data-testid="list-bus/orderList"]');
  await expect(list).toBeVisible();
  await list.locator('#expressNo').fill(EXPRESS[1]!);
  await list.getByTestId('list-search-submit').click();
  await expect(list.locator('tbody tr', { hasText: transportId })).toHaveCount(1);
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  // the fee columns are not there for a user without the fee role
  await expect(list.locator('thead')).not.toContainText('应收合计');
  await list.getByTestId(`order-link-${transportId}`).click();
  const details = visible(page, '[data-testid=order-details-page]');
  await expect(details).toContainText(EXPRESS[0]!);
  await details.getByRole('tab', { name: '订单日志' }).click();
  await expect(visible(page, '[data-testid=order-log]')).toContainText('入仓');
});

test('[ORDERS]: a no-mark parcel is received and later assigned to a mark', async ({ page }) => {
  const parcel = `ZT8${run}77`;
  await signIn(page, 'dispatcher', 'bus/noMarkOrder');
  const list = visible(page, '[data-testid="list-bus/noMarkOrder"]');
  await list.getByTestId('list-btn-register').click();
  await expect(page.getByTestId('register-receipt')).toHaveValue(/^WR\d{11}$/);
  const receipt = await page.getByTestId('register-receipt').inputValue();
  await page.getByTestId('register-express').fill(parcel);
  await numberBox(page, 'register-piece').fill('2');
  await numberBox(page, 'register-weight').fill('12.5');
  await okDialog(page);
  await expect(list.locator('tbody tr', { hasText: receipt })).toHaveCount(1);

  // the owner is found: customer service assigns the mark
  await signIn(page, 'service', 'bus/noMarkOrder');
  const cs = visible(page, '[data-testid="list-bus/noMarkOrder"]');
  const row = cs.locator('tbody tr', { hasText: receipt });
  await row.locator('input[type=checkbox]').check();
  await cs.getByTestId('list-btn-assign').click();
  await pick(page, page.locator('.ant-modal:visible #markId'), 'TH001', /TH001/);
  await expect(page.locator('.ant-modal:visible #consignee')).toHaveValue('Khun Prasert');
  await okDialog(page);
  await confirmPrompt(page);
  await expect(cs.locator('tbody tr', { hasText: receipt })).toHaveCount(0);
  await page.goto(`bus/inOrder?receivingNo=${receipt}`);
  const stock = visible(page, '[data-testid="list-bus/inOrder"]');
  await expect(stock.locator('tbody tr', { hasText: receipt })).toContainText('TH001');
});
