import type { Page } from '@playwright/test';
import { apiLogin, expect, test } from '../fixtures/auth';
import { apiURL } from '../support/env';
import { shot } from '../support/ui';

/**
 * Issue 10 item 7, as Chinese staff see it (zh-cn, Asia/Shanghai): a mark's price to Thailand (800/m³) applies to
 * its Guangzhou -> Bangkok orders over the Bangkok price for all marks (680). The pricing manager enters the row on
 * the price form, where the freight trial shows that a Bangkok order gets it and why; a clerk's order for Bangkok is
 * then priced with it. Screenshots of the trial in zh-cn, en and th go to e2e/screenshots/ (git-ignored).
 */
test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString(36).toUpperCase().slice(-5);
const MARK = `PX${run}`;

async function api<T = unknown>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { access_token } = await apiLogin(page.request, 'admin');
  const response = await page.request.fetch(`${apiURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}` },
    ...(data === undefined ? {} : { data }),
  });
  return (await response.json()) as { code: number; msg: string; data: T; rows?: T };
}

/** Picks an option of an antd select: click, type, click the option. */
async function pick(page: Page, select: ReturnType<Page['locator']>, search: string, option: string | RegExp = search) {
  await select.click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const businessYear = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());

let markId = 0;
let priceId = 0;

test('[PRICES]: the freight trial shows that a Bangkok order gets the mark’s Thailand row, and why', async ({
  page,
  signInAs,
}) => {
  const users = await api<{ userId: number; userName: string }[]>(page, 'GET', '/system/user/list?userName=sales');
  const sales = users.rows!.find((u) => u.userName === 'sales')!.userId;
  const added = await api<{ id: number }>(page, 'POST', '/bas/mark/add', {
    mark: MARK,
    nameZh: `泰国整柜客户${run}`,
    clientType: '1',
    calPriceType: '1',
    sales,
  });
  expect(added.code, added.msg).toBe(200);
  markId = added.data.id;

  await signInAs('admin', 'bas/price-add');
  const form = page.getByTestId('price-form');
  await expect(form).toBeVisible();
  await pick(page, form.locator('#markId'), MARK);
  await pick(page, form.locator('#leftAddrId'), '广州');
  await pick(page, form.locator('#destAddrId'), '泰国', /^泰国$/);
  await form.locator('#volumePrice').fill('800');
  await form.locator('#weightPrice').fill('5');

  // the trial follows the form (mark, mode, origin); the clerk asks about an order for Bangkok
  const trial = page.getByTestId('price-trial');
  await trial.scrollIntoViewIfNeeded();
  await pick(page, trial.getByTestId('trial-dest'), '曼谷');
  const chosen = trial.getByTestId('trial-chosen');
  await expect(chosen).toContainText('本表单（未保存）');
  await expect(chosen).toContainText('800.00');
  await expect(trial.getByTestId('trial-reason')).toContainText(
    `唛头 ${MARK} 的专属价格；目的地 泰国（国家，覆盖 曼谷）；起运地 广州（精确匹配）；有效期`,
  );
  // the Bangkok row for all marks (680.00) matched too and lost on the mark
  const lost = trial.getByTestId('trial-rows').locator('.ant-table-row', { hasText: '680.00' });
  await expect(lost).toContainText('采用的价格归属更具体');
  await expect(lost).toContainText('全部唛头通用价格');
  await trial.screenshot({ path: shot(`price-trial-zh-cn.png`) });

  await page.getByTestId('bas-form-save').click();
  await expect(page.locator('.ant-message-notice-success')).toBeVisible();
  await expect(page).toHaveURL(/\/bas\/price-list/);
  const rows = await api<{ id: number; markId: number; volumePrice: string }[]>(
    page,
    'GET',
    `/bas/price/list?markId=${markId}`,
  );
  const saved = rows.rows!.find((r) => r.markId === markId)!;
  expect(saved.volumePrice).toBe('800.00');
  priceId = saved.id;

  // the saved row now answers the same trial from the price table
  await page.goto(`bas/price-edit/${priceId}`);
  const again = page.getByTestId('price-trial');
  await pick(page, again.getByTestId('trial-dest'), '曼谷');
  await expect(again.getByTestId('trial-chosen')).toContainText(`#${priceId}`);
  await expect(again.getByTestId('trial-reason')).toContainText('目的地 泰国（国家，覆盖 曼谷）');
  await expect(again.getByTestId('trial-reason')).toContainText(`${businessYear()}-12-31`);
});

test('[PRICES]: an order for Bangkok is priced with the mark’s Thailand row', async ({ page, signInAs }) => {
  await signInAs('admin', 'bus/orderAdd');
  const form = page.locator('[data-testid=order-add-page]:visible').first();
  await expect(form).toBeVisible();
  await pick(page, form.locator('#markId'), MARK, new RegExp(MARK));
  await pick(page, form.locator('#leftAddrId'), '广州');
  await pick(page, form.locator('#destAddrId'), '曼谷');
  await form.locator('input[data-testid="order-volume"], [data-testid="order-volume"] input').first().fill('1.5');
  const box = form.getByTestId('price-box');
  await expect(box).toContainText('泰国');
  await expect(box).toContainText('800.00');
  // by volume: 1.500 m³ × 800.00
  await expect(form.getByTestId('order-freight')).toContainText('1,200.00');
  await box.screenshot({ path: shot(`order-price-thailand-zh-cn.png`) });
  await form.getByTestId('order-save').click();
  await expect(form.getByTestId('order-last-saved')).toBeVisible();

  const orders = await api<{ id: number; mark: string }[]>(page, 'GET', `/bus/inware/list?view=orderList&mark=${MARK}`);
  expect(orders.rows).toHaveLength(1);
  const order = await api<{ priceId: number; volumePrice: string; feeFreightAr: string }>(
    page,
    'GET',
    `/bus/inware/${orders.rows![0]!.id}`,
  );
  expect(order.data).toMatchObject({ priceId, volumePrice: '800.00', feeFreightAr: '1200.00' });
});

for (const language of ['en', 'th'] as const) {
  test(`[PRICES]: the trial explains the choice in ${language}`, async ({ page, signInAs }) => {
    await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
    await signInAs('admin', `bas/price-edit/${priceId}`);
    const trial = page.getByTestId('price-trial');
    await pick(page, trial.getByTestId('trial-dest'), language === 'en' ? 'Bangkok' : 'กรุงเทพ');
    await expect(trial.getByTestId('trial-reason')).toContainText(
      language === 'en'
        ? `Mark ${MARK}'s own price; destination Thailand (country, covers Bangkok); origin Guangzhou (exact)`
        : `ราคาเฉพาะของมาร์ค ${MARK} · ปลายทาง ไทย (ประเทศ ครอบคลุม กรุงเทพฯ) · ต้นทาง กวางโจว (ตรงกันพอดี)`,
    );
    await trial.screenshot({ path: shot(`price-trial-${language}.png`) });
  });
}
