import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, expect, TOKEN_EXPIRES_KEY, TOKEN_KEY, test } from '../fixtures/auth';
import { apiURL } from '../support/env';
import { formControl, shot } from '../support/ui';

/**
 * Issue 11 item 1 in the browser: a delegated administrator (the user and role screens only, 'own department and
 * below' in the sales department) is offered only what they may grant, in zh-cn, en and th: the sales user's
 * 'Sales' role shows fixed in the edit form and no role beyond their own is offered; the data-scope dialog of the
 * sales role offers 'custom departments' and 'self only' (not 'all data', not the department scopes that would
 * reach sales people elsewhere); their own role assignment is read-only; and the server's refusal of giving
 * themselves a role reads in their language. Screenshots: e2e/screenshots/issue11-grants-<language>-<n>.png.
 */
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-5);
const USER = `e2edel${run}`;
const PASSWORD = 'Delegate#E2e-Run2026';

const TEXT = {
  'zh-cn': {
    edit: '修改',
    roles: '角色',
    sales: '业务员',
    finance: '财务',
    scope: '数据权限',
    scopes: ['自定数据权限', '仅本人数据权限'],
    own: '不能修改自己的角色',
  },
  en: {
    edit: 'Edit',
    roles: 'Roles',
    sales: 'Sales',
    finance: 'Finance',
    scope: 'Data scope',
    scopes: ['Custom departments', 'Self only'],
    own: 'You cannot change your own roles',
  },
  th: {
    edit: 'แก้ไข',
    roles: 'บทบาท',
    sales: 'เซลล์',
    finance: 'ฝ่ายการเงิน',
    scope: 'ขอบเขตข้อมูล',
    scopes: ['แผนกที่กำหนดเอง', 'เฉพาะข้อมูลของตนเอง'],
    own: 'ไม่สามารถเปลี่ยนบทบาทของตัวเองได้',
  },
} as const;
type Language = keyof typeof TEXT;

async function call(request: APIRequestContext, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`${apiURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  return res.json();
}

let delegateId = 0;

test.beforeAll(async ({ request }) => {
  const { access_token: admin } = await apiLogin(request, 'admin');
  const menus = (await call(request, admin, 'GET', '/system/menu/list')).data as {
    menuId: number;
    perms: string;
    path: string;
  }[];
  const menuIds = menus.filter((m) => m.path === '/system' || /^system:(user|role)/.test(m.perms)).map((m) => m.menuId);
  const role = await call(request, admin, 'POST', '/system/role', {
    roleName: `E2E委派${run}`,
    // named in every language, as an administrator does (the languages journey reads the role list in th and en)
    roleNameEn: `E2E delegate ${run}`,
    roleNameTh: `E2E ผู้รับมอบ ${run}`,
    roleKey: `e2e_deleg_${run}`,
    roleSort: 30,
    menuIds,
  });
  expect(role.code, role.msg).toBe(200);
  const depts = (await call(request, admin, 'GET', '/system/dept/list')).data as { deptId: number; deptName: string }[];
  const created = await call(request, admin, 'POST', '/system/user', {
    userName: USER,
    nickName: 'E2E Delegate',
    deptId: depts.find((d) => d.deptName === '销售部')!.deptId,
    password: PASSWORD,
    roleIds: [role.data.roleId],
  });
  expect(created.code, created.msg).toBe(200);
  delegateId = created.data.userId;
});

async function signInDelegate(page: Page, language: Language) {
  const res = await page.request.post(`${apiURL}/auth/login`, { data: { username: USER, password: PASSWORD } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(200);
  await page.goto('login');
  await page.evaluate(
    ([token, expires, tokenKey, expiresKey, lang]) => {
      sessionStorage.setItem(tokenKey, token);
      sessionStorage.setItem(expiresKey, expires);
      localStorage.setItem('THEONE-language', JSON.stringify(lang));
    },
    [
      body.data.access_token,
      String(Date.now() + body.data.expires_in * 60_000),
      TOKEN_KEY,
      TOKEN_EXPIRES_KEY,
      language,
    ] as const,
  );
  return body.data.access_token as string;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('layout')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0, { timeout: 30_000 });
}

const dialog = (page: Page) => page.getByRole('dialog').filter({ visible: true }).last();
/** The select of a form item by its label. */
const field = (scope: Locator, label: string) => formControl(scope, label, '.ant-select');
const snap = (page: Page, language: Language, n: number) =>
  page.screenshot({ path: shot(`issue11-grants-${language}-${n}.png`) });

for (const language of Object.keys(TEXT) as Language[]) {
  const x = TEXT[language];

  test(`[SYSTEM]: a delegated administrator is offered only what they may grant (${language})`, async ({ page }) => {
    test.setTimeout(120_000);
    const token = await signInDelegate(page, language);

    // 1. The sales user's form: their 'Sales' role is fixed, no role beyond the delegate's own is offered.
    await open(page, 'system/user');
    const row = page.getByRole('row', { name: /王丽/ }).filter({ visible: true });
    await row.getByRole('button', { name: x.edit, exact: true }).click();
    const roles = field(dialog(page), x.roles);
    const salesTag = roles.locator('.ant-select-selection-item', { hasText: x.sales });
    await expect(salesTag).toBeVisible();
    await expect(salesTag.locator('.ant-select-selection-item-remove')).toHaveCount(0);
    await roles.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toBeVisible();
    await expect(options.filter({ hasText: new RegExp(`^${x.finance}$`) })).toHaveCount(0);
    await expect(options.filter({ hasText: x.sales })).toHaveClass(/ant-select-item-option-disabled/);
    await snap(page, language, 1);
    await page.keyboard.press('Escape');
    await dialog(page).locator('.ant-modal-footer .ant-btn').first().click();
    await expect(page.getByRole('dialog').filter({ visible: true })).toHaveCount(0);

    // 2. The sales role's data scope: only 'custom departments' and 'self only'.
    await open(page, 'system/role');
    const roleRow = page.getByRole('row', { name: new RegExp(`\\b${'sales'}\\b`) }).filter({ visible: true });
    await roleRow.getByRole('button', { name: x.scope, exact: true }).click();
    await dialog(page).getByTestId('role-data-scope').click();
    const scopes = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(scopes).toHaveText([...x.scopes]);
    await snap(page, language, 2);
    await page.keyboard.press('Escape');
    await dialog(page).locator('.ant-modal-footer .ant-btn').first().click();
    await expect(page.getByRole('dialog').filter({ visible: true })).toHaveCount(0);

    // 3. Their own role assignment: nothing can be ticked or unticked.
    await open(page, `system/user/user-auth/${delegateId}`);
    const boxes = page.getByTestId('user-auth-role').locator('tbody .ant-checkbox-input');
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) await expect(box).toBeDisabled();
    await snap(page, language, 3);

    // 4. Sent anyway, the server refuses in the reader's language.
    const res = await page.request.fetch(`${apiURL}/system/user/authRole`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      data: { userId: delegateId, roleIds: [] },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).msg).toBe(x.own);
  });
}
