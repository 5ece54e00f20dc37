import { apiLogin, expect, signIn, signInWithForm, test, USERS } from '../fixtures/auth';
import { apiURL } from '../support/env';

/** Journeys of the web shell (issue 3 'Tests'). The app under test runs with the captcha off. */

const CAPTCHA_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="28" font-size="24">3+4=?</text></svg>',
).toString('base64');

const aside = (page: import('@playwright/test').Page) => page.getByTestId('layout-aside');
const tab = (page: import('@playwright/test').Page, name: string) => page.locator('.tags-view-item', { hasText: name });

for (const typed of ['/', '/theone/', '/theone']) {
  test(`[SHELL]: the address ${typed} typed as it is opens the login page, then home after signing in`, async ({
    page,
  }) => {
    // Absolute paths on purpose: the README and the start message print http://host:port/theone/.
    const response = await page.goto(new URL(typed, apiURL).toString());
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/theone\/login(\?.*)?$/);
    await page.locator('input[name=username]').fill(USERS.admin.username);
    await page.locator('input[name=password]').fill(USERS.admin.password);
    await page.locator('input[name=password]').press('Enter');
    await expect(page).toHaveURL(/\/theone\/home$/);
    await expect(page.getByTestId('user-menu')).toContainText(USERS.admin.nickName);
  });
}

test('[SHELL]: a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('bus/orderList?status=1');
  await expect(page).toHaveURL(/\/theone\/login\?redirect=%2Fbus%2ForderList%3Fstatus%3D1$/);
  await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
});

test('[SHELL]: the login page shows the captcha image when the captcha is on and refreshes it on click', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/prod-api/code', (route) => {
    calls += 1;
    return route.fulfill({
      json: { code: 200, msg: 'ok', captchaEnabled: true, uuid: `uuid-${calls}`, img: CAPTCHA_SVG },
    });
  });
  await page.goto('login');
  const image = page.getByTestId('captcha').locator('img');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await page.getByTestId('captcha').click();
  await expect.poll(() => calls).toBe(2);
  // Enter with an empty captcha asks for it and stays.
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('admin123');
  await page.locator('input[name=password]').press('Enter');
  await expect(page.getByText('请输入验证码')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('[SHELL]: with the captcha off the field is hidden and Enter signs in', async ({ page }) => {
  await page.goto('login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expect(page.getByTestId('captcha')).toHaveCount(0);
  await signInWithForm(page, 'admin');
  await expect(page.getByTestId('user-menu')).toContainText(USERS.admin.nickName);
  await expect(page).toHaveTitle('首页 - TheOne');
});

test('[SHELL]: a failed sign-in shows the server message and stays on /login', async ({ page }) => {
  await page.goto('login');
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.ant-message-notice')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('[SHELL]: an administrator sees the menu built from the server routes', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(aside(page).getByText('首页')).toBeVisible();
  await expect(aside(page).getByText('基础资料')).toBeVisible();
  await aside(page).getByText('基础资料').click();
  await aside(page).getByText('代理管理').click();
  await expect(page).toHaveURL(/\/bas\/agent-mark/);
  await expect(page.locator('.layout-breadcrumb')).toContainText('基础资料');
  await expect(page).toHaveTitle('代理管理 - TheOne');
});

test('[SHELL]: pages open as tabs and keep their state when switching tabs', async ({ page }) => {
  await signIn(page, 'admin');
  // The profile form: an unsaved edit survives a trip to another tab (keep-alive).
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(tab(page, '个人中心')).toBeVisible();
  const nick = page.locator('#nickName');
  await nick.fill('临时昵称');
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(nick).toBeHidden();
  await tab(page, '个人中心').click();
  await expect(nick).toHaveValue('临时昵称');

  // A list: its filters (kept in the URL) and the typed search come back with its tab.
  await aside(page).getByText('基础资料').click();
  await aside(page).getByText('代理管理').click();
  const search = page.getByTestId('list-search').getByRole('textbox').first();
  await search.fill('ZZ');
  // the list's fetch for ZZ starts after the render that recorded the tab's new address: wait for it before leaving
  const listed = page.waitForResponse((r) => r.request().method() === 'GET' && /\/prod-api\/bas\/.*ZZ/.test(r.url()));
  await page.getByTestId('list-search-submit').click();
  await expect(page).toHaveURL(/agent-mark\?.*=ZZ/);
  await listed;
  await aside(page).getByText('客户管理').click();
  await expect(page).toHaveURL(/custom-mark/);
  await expect(page.locator('.tags-view-item')).toHaveCount(4);
  await tab(page, '代理管理').click();
  await expect(page).toHaveURL(/agent-mark\?.*=ZZ/);
  await expect(page.getByTestId('list-search').getByRole('textbox').first()).toHaveValue('ZZ');

  // Close others keeps home (affix) and the current tab.
  await tab(page, '代理管理').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page.locator('.tags-view-item')).toHaveCount(2);
  await tab(page, '代理管理').locator('.tags-view-close').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('[SHELL]: the theme colour and dark mode survive a reload', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('open-settings').click();
  const input = page.getByTestId('setting-colour-input');
  await input.fill('rgb(300, 1, 1)');
  await input.press('Enter');
  await expect(page.getByText('无效的rgb颜色值')).toBeVisible();
  await input.fill('rgb(22, 119, 255)');
  await input.press('Enter');
  await expect(page.locator('.tags-view-item.active')).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  await page.getByTestId('setting-isDark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('layout')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // antd's dark algorithm renders #1677ff as #1668dc.
  await expect(page.locator('.tags-view-item.active')).toHaveCSS('background-color', 'rgb(22, 104, 220)');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('THEONE-layout-settings') ?? '{}'));
  expect(stored).toMatchObject({ primaryColor: '#1677ff', isDark: true });
});

test('[SHELL]: Thai and English translate the login page and the menu', async ({ page }) => {
  await page.goto('login');
  await page.getByRole('button', { name: 'ไทย' }).click();
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบบัญชี' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to TheOne' })).toBeVisible();
  await signInWithForm(page, 'admin');
  await expect(aside(page).getByText('Home')).toBeVisible();
  await expect(aside(page).getByText('Basic data')).toBeVisible();

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'ไทย' }).click();
  await expect(aside(page).getByText('หน้าแรก')).toBeVisible();
  await expect(aside(page).getByText('ข้อมูลพื้นฐาน')).toBeVisible();
  // The API is asked in the chosen language.
  const request = page.waitForRequest((r) => r.url().includes('/prod-api/system/user/profile'));
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'ข้อมูลส่วนตัว' }).click();
  expect((await request).headers()['accept-language']).toBe('th');
  // The choice survives a reload.
  await page.reload();
  await expect(aside(page).getByText('หน้าแรก')).toBeVisible();
});

test('[SHELL]: logout asks first, then says the session ended safely', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByText('此操作将退出登录，是否继续？')).toBeVisible();
  await page.getByRole('button', { name: /^取\s?消$/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('安全退出成功')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('THEONE-token'))).toBeNull();
  await page.goto('home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
});

test('[SHELL]: an expired session sends the user to /login with the alert', async ({ page }) => {
  const profile = page.waitForResponse((r) => r.url().includes('/prod-api/system/user/profile'));
  const token = await signIn(page, 'admin', 'profile');
  await profile;
  // The server ends the session (as after a timeout or a password change elsewhere); the next call finds out.
  await page.request.delete(`${apiURL}/auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
  await page
    .getByRole('button', { name: /^保\s?存$/ })
    .first()
    .click();
  const alert = page.locator('.ant-modal-confirm');
  await expect(alert).toContainText('提示');
  await expect(alert).toContainText('登录状态已过期，请重新登录');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await alert.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(alert).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('THEONE-token'))).toBeNull();
});

test('[SHELL]: an unknown address shows the 404 page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('nowhere');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('找不到网页，请检查网址是否正确')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('[SHELL]: a user without a permission does not see its menu and gets /401 on its URL', async ({ page }) => {
  await signIn(page, 'driver');
  await expect(aside(page).getByText('首页')).toBeVisible();
  await expect(aside(page).getByText('基础资料')).toHaveCount(0);
  await expect(aside(page).getByText('系统管理')).toHaveCount(0);
  await page.goto('bas/agent-mark');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByText('您没有权限操作~')).toBeVisible();
  await expect(page.getByRole('button', { name: '重新授权' })).toBeVisible();
});

test('[SHELL]: the screen locks after the idle time and unlocks with the password', async ({ page }) => {
  await signIn(page, 'sales');
  await page.evaluate(() => {
    const settings = JSON.parse(localStorage.getItem('THEONE-layout-settings') ?? '{}');
    localStorage.setItem('THEONE-layout-settings', JSON.stringify({ ...settings, lockScreenTime: 2 }));
  });
  await page.reload();
  const lock = page.getByTestId('lock-screen');
  await expect(lock).toBeVisible({ timeout: 10_000 });
  await lock.locator('input[type=password]').fill('not-my-password');
  await lock.getByRole('button', { name: /^解\s?锁$/ }).click();
  await expect(page.locator('.ant-message-notice')).toBeVisible();
  await expect(lock).toBeVisible();
  await lock.locator('input[type=password]').fill(USERS.sales.password);
  await lock.getByRole('button', { name: /^解\s?锁$/ }).click();
  await expect(lock).toHaveCount(0);
});

test('[SHELL]: a demo user signs in through the API fixture', async ({ request }) => {
  for (const user of ['sales', 'service', 'dispatcher', 'driver', 'finance'] as const) {
    const { access_token } = await apiLogin(request, user);
    expect(access_token.length).toBeGreaterThan(20);
  }
});
