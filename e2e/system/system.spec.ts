import type { Browser, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, expect, test } from '../fixtures/auth';
import { apiURL } from '../support/env';
import { confirmPrompt, formControl } from '../support/ui';

/**
 * Journeys of system administration (issue 4 'Tests'):
 * - an administrator creates a department, a role with a menu subset and 'own department' scope, and a user
 *   with that role; the new user signs in, sees only those menus, cannot open the others by URL and sees only
 *   their department's users; the administrator disables the user and the user's next click logs them out;
 * - an import of 200 users from the template with two bad rows reports those rows and imports nothing.
 * Names are unique per run, so the suite can run again on the same database.
 */
test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-5);
const DEPT = `E2E仓库${run}`;
const ROLE = `E2E主管${run}`;
const ROLE_KEY = `e2e_mgr_${run}`;
const USER = `e2emgr${run}`;
const COLLEAGUE = `e2ecol${run}`;
const PASSWORD = 'E2ePass#2026';

/** The dialog on top (kept-alive pages keep their closed dialogs hidden in the page). */
const dialog = (page: Page) => page.getByRole('dialog').last();

async function saveDialog(page: Page) {
  await dialog(page).locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(page.locator('.ant-message-notice-success').last()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Picks an option in the open select or tree-select dropdown. */
async function pickOption(page: Page, text: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:visible')
    .locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: text })
    .first()
    .click();
}

function visibleTestId(page: Page, id: string): Locator {
  return page.getByTestId(id).filter({ visible: true }).first();
}

async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { access_token } = await apiLogin(page.request, 'admin');
  const response = await page.request.fetch(`${apiURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}` },
    ...(data === undefined ? {} : { data }),
  });
  return response.json();
}

async function signInWithPassword(browser: Browser, userName: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('login');
  await page.locator('input[name=username]').fill(userName);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
  await expect(page).toHaveURL(/\/theone\/home$/);
  return page;
}

test('[SYSTEM]: a department, a role with a menu subset and own-department scope, and a user who sees only those', async ({
  page,
  signInAs,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInAs('admin', 'system/dept');

  // 1. A department under the head office.
  await visibleTestId(page, 'tree-btn-add').click();
  await formControl(dialog(page), '部门名称').fill(DEPT);
  await saveDialog(page);
  await expect(page.getByRole('cell', { name: DEPT })).toBeVisible();

  // 2. A role with only the user screen (and its buttons), then its data scope 'own department'.
  await page.goto('system/role');
  await visibleTestId(page, 'list-btn-add').click();
  await formControl(dialog(page), '角色名称').fill(ROLE);
  await formControl(dialog(page), '权限字符').fill(ROLE_KEY);
  await dialog(page).getByText('展开/折叠').click();
  const userScreen = dialog(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: /^用户管理$/ }) });
  await userScreen.locator('.ant-tree-checkbox').click();
  await saveDialog(page);
  const roleRow = page.getByRole('row', { name: new RegExp(ROLE) }).filter({ visible: true });
  await roleRow.getByRole('button', { name: '数据权限' }).click();
  await dialog(page).getByTestId('role-data-scope').click();
  await pickOption(page, '本部门数据权限');
  await saveDialog(page);

  // 3. A user in that department with that role, and a colleague in the same department (through the API).
  await page.goto('system/user');
  await visibleTestId(page, 'list-btn-add').click();
  const form = dialog(page);
  await formControl(form, '用户昵称').fill('E2E 主管');
  await formControl(form, '归属部门').click();
  await pickOption(page, DEPT);
  await formControl(form, '用户名称').fill(USER);
  await formControl(form, '用户密码').fill(PASSWORD);
  await formControl(form, '角色').click();
  await pickOption(page, ROLE);
  // A multiple select stays open after a pick: close it before saving.
  await form.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await saveDialog(page);
  const depts = await api(page, 'GET', '/system/dept/list');
  const deptId = depts.data.find((d: { deptName: string }) => d.deptName === DEPT).deptId;
  const colleague = await api(page, 'POST', '/system/user', {
    userName: COLLEAGUE,
    nickName: 'E2E 同事',
    deptId,
    password: PASSWORD,
  });
  expect(colleague.code).toBe(200);

  // 4. The new user: only the user screen in the menu, other screens refused by URL, only their department.
  const user = await signInWithPassword(browser, USER, PASSWORD);
  const menu = user.getByRole('menu').first();
  await menu.getByText('系统管理').click();
  await expect(menu.getByText('用户管理')).toBeVisible();
  for (const other of ['角色管理', '菜单管理', '部门管理', '基础资料'])
    await expect(menu.getByText(other)).toHaveCount(0);
  await user.goto('system/role');
  await expect(user).toHaveURL(/\/401$/);
  await user.goto('system/user');
  const table = user.getByTestId('list-system/user');
  await expect(table.getByRole('cell', { name: USER, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: COLLEAGUE, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'sales', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);

  // 5. The administrator disables the user; the user's next click logs them out.
  await page.goto(`system/user`);
  await visibleTestId(page, 'list-refresh').click();
  const row = page.getByRole('row', { name: new RegExp(USER) }).filter({ visible: true });
  await row.getByRole('switch').click();
  await confirmPrompt(page);
  await expect(page.locator('.ant-message-notice-success').last()).toBeVisible();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await visibleTestId(user, 'list-refresh').click();
  await expect(user).toHaveURL(/\/theone\/login/);
  await user.context().close();
});

test('[SYSTEM]: an import of 200 users with two bad rows reports those rows and imports nothing', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(180_000);
  await signInAs('admin', 'system/user');
  await visibleTestId(page, 'list-btn-import').click();
  const importDialog = dialog(page);

  // The template downloads with the translated headers.
  const downloading = page.waitForEvent('download');
  await importDialog.getByRole('button', { name: '下载模板', exact: true }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await template.path());
  const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['用户名称', '用户昵称', '归属部门']);

  // 200 rows on the template, row 19 with a bad mobile and row 152 with a bad user name.
  const sheet = book.worksheets[0]!;
  for (let i = 0; i < 200; i++) {
    const name = i === 150 ? '9bad' : `imp${run}${String(i).padStart(3, '0')}`;
    sheet.addRow([name, `导入 ${i}`, '销售部', i === 17 ? '123' : '', '', '男', '正常', '']);
  }
  const file = Buffer.from(await book.xlsx.writeBuffer());
  await importDialog.locator('input[type=file]').setInputFiles({
    name: 'users.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await importDialog.locator('.ant-modal-footer .ant-btn-primary').click();
  const errors = importDialog.getByTestId('user-import-errors');
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText('19');
  await expect(errors.getByRole('row').nth(1)).toContainText('手机号码');
  await expect(errors.getByRole('row').nth(2)).toContainText('152');
  await expect(errors.getByRole('row').nth(2)).toContainText('用户名称');
  const imported = await api(page, 'GET', `/system/user/list?userName=imp${run}`);
  expect(imported.total).toBe(0);
});
