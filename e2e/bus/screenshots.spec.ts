import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Screenshots of the order screens (issue 6) in zh-cn, en and th, written to e2e/screenshots/ (git-ignored):
 * `npx playwright test bus/screenshots.spec.ts` with E2E_SCREENSHOTS=1.
 */
const LANGUAGES = ['zh-cn', 'en', 'th'] as const;

async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('THEONE-language', JSON.stringify(lang)), language);
}

async function seedOrders(page: Page, token: string) {
  const api = (path: string, data: unknown) =>
    page.request.post(`/prod-api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  const marks = (
    await (
      await page.request.get('/prod-api/bas/mark/selectMarkInOrder?keyword=TH001', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  ).data;
  const init = (await (await api('/bus/inware/init', {})).json()).data;
  const body = {
    markId: marks[0].id,
    busType: 'EK',
    leftAddrId: init.defaults.leftAddrId,
    destAddrId: init.defaults.destAddrId,
    consignee: 'Khun Prasert',
    consigneeTel: '0823456789',
    consigneeAddr: '12/3 Ratchada Rd, Bangkok',
    cargoName: '家具',
    expressNo: 'SF100000001,SF100000002',
    cargoLines: [
      { piece: 2, cargoLength: '50', cargoWidth: '40', cargoHight: '30', weight: '24.5' },
      { piece: 1, cargoLength: '120', cargoWidth: '80', cargoHight: '100', weight: '60' },
    ],
  };
  const a = (await (await api('/bus/inware/add', { ...body, status: 1 })).json()).data;
  await api('/bus/inware/add', { ...body, status: 0 });
  await api('/bus/inware/arrived/update', {
    id: a.id,
    receivingNo: 'WR-SHOT-1',
    arrivedHouseId: init.defaults.arrivedHouseId,
    arrivedPiece: 3,
    arrivedWeight: '90',
    arrivedVolume: '1.1',
  });
  await api('/bus/inware/add', {
    status: 2,
    receivingNo: 'WR-SHOT-NM',
    arrivedHouseId: init.defaults.arrivedHouseId,
    arrivedPiece: 1,
    arrivedWeight: '12',
    expressNo: 'ZT500000001',
    cargoName: '玩具',
  });
  return a.id as number;
}

let seeded: number | undefined;

for (const language of LANGUAGES) {
  test(`[ORDERS]: screenshots in ${language}`, async ({ page }) => {
    test.setTimeout(600_000);
    await useLanguage(page, language);
    const token = await signIn(page, 'admin');
    seeded ??= await seedOrders(page, token);
    const shots: [string, string, string][] = [
      ['orderAdd', 'bus/orderAdd', '[data-testid=order-add-page]'],
      ['unOrder', 'bus/unOrder', '.list-page'],
      ['inOrder', 'bus/inOrder', '.list-page'],
      ['noMarkOrder', 'bus/noMarkOrder', '.list-page'],
      ['orderList', 'bus/orderList', '.list-page'],
      ['orderInfo', `bus/orderInfo?id=${seeded}`, '[data-testid=order-info-page]'],
      ['orderDetails', `bus/orderDetails?id=${seeded}`, '[data-testid=order-details-page]'],
      ['orderEdit', `bus/orderEdit?id=${seeded}`, '[data-testid=order-edit-page]'],
      ['arrivedAddOrder', 'bus/arrivedAddOrder?receivingNo=WR-SHOT-NM', '.list-page'],
      ['orderListEdit', 'bus/orderListEdit?receivingNo=WR-SHOT-1', '.list-page'],
      ['deliveryfree', 'bus/deliveryfree', '.list-page'],
    ];
    for (const [name, path, ready] of shots) {
      await page.goto(path);
      await expect(page.locator(`${ready}:visible`).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot(`orders-${name}-${language}.png`), fullPage: name === 'orderAdd' });
    }
  });
}
