import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Three languages for everything a user reads (issue 10 item 13): seeded roles, departments, posts, dictionary
 * types and settings read in Thai (Thai staff: th, browser in Asia/Bangkok) and in English, never in Chinese;
 * the header names the administrator in the reader's language; every side-menu entry is shown whole in th and en,
 * in the open sider and in the collapsed sider's pop-ups. Screenshots of the open menu groups go to
 * e2e/screenshots/system-menu-<language>-<n>.png.
 */
const CJK = /[\u3400-\u9fff]/;

type Language = 'th' | 'en';
const EXPECTED: Record<Language, { role: string; dept: string; post: string; admin: string; headers: string[] }> = {
  th: {
    role: 'เซลล์',
    dept: 'โกดังกรุงเทพฯ',
    post: 'พนักงานโกดัง',
    admin: 'ผู้ดูแลระบบ',
    headers: ['ชื่อบทบาท', 'ชื่อแผนก', 'ชื่อตำแหน่ง', 'ชื่อพจนานุกรม', 'ชื่อพารามิเตอร์', 'หมายเหตุ'],
  },
  en: {
    role: 'Sales',
    dept: 'Bangkok warehouse',
    post: 'Warehouse keeper',
    admin: 'System administrator',
    headers: ['Role name', 'Department', 'Post name', 'Dictionary name', 'Setting name', 'Remark'],
  },
};

async function useLanguage(page: Page, language: Language, settings: Record<string, unknown> = {}) {
  await signIn(page, 'admin');
  await page.evaluate(
    ([lang, layout]) => {
      localStorage.setItem('THEONE-language', JSON.stringify(lang));
      localStorage.setItem('THEONE-layout-settings', JSON.stringify(layout));
    },
    [language, settings] as const,
  );
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('layout')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning, .theone-page-loading').filter({ visible: true })).toHaveCount(0, {
    timeout: 30_000,
  });
}

/** The texts of one column of the visible table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.locator('.ant-table-wrapper').filter({ visible: true }).first();
  const headers = await table.locator('.ant-table-thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  return table.locator(`tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
}

/** The visible table row with a cell reading exactly `text` (kept-alive tabs hold hidden tables too). */
function row(page: Page, text: string): Locator {
  return page
    .locator('tr.ant-table-row')
    .filter({ visible: true })
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });
}

async function expectNoChinese(page: Page, header: string, mustHave?: string) {
  const texts = await column(page, header);
  expect(texts.length, header).toBeGreaterThan(0);
  expect(
    texts.filter((text) => CJK.test(text)),
    `${header}: seeded rows in Chinese`,
  ).toEqual([]);
  if (mustHave) expect(texts).toContain(mustHave);
}

/** Every visible label of the side menu is shown whole: nothing cut, nothing outside the sider, no raw key. */
async function expectWholeLabels(aside: Locator, language: Language) {
  const problems = await aside.evaluate((root, lang) => {
    const box = root.getBoundingClientRect();
    const out: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('.ant-menu-title-content')) {
      if (!el.offsetParent) continue;
      const text = el.innerText.trim();
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${text}: cut (${el.scrollWidth} > ${el.clientWidth})`);
      if (r.right > box.right + 1) out.push(`${text}: outside the menu (${r.right} > ${box.right})`);
      if (!text || /^(menu|perm)_[a-z_]+$/.test(text)) out.push(`untranslated '${text}'`);
      if (/[\u3400-\u9fff]/.test(text)) out.push(`${text}: Chinese in ${lang}`);
    }
    return out;
  }, language);
  expect(problems).toEqual([]);
}

for (const [language, zone] of [
  ['th', 'Asia/Bangkok'],
  ['en', 'UTC'],
] as const) {
  test.describe(`${language}, browser in ${zone}`, () => {
    test.use({ locale: language === 'th' ? 'th-TH' : 'en-GB', timezoneId: zone });

    test(`[SYSTEM]: seeded roles, departments, posts, dictionary types and settings read in ${language}`, async ({
      page,
    }) => {
      const want = EXPECTED[language];
      const [roleName, deptName, postName, dictName, configName, remark] = want.headers as [string, ...string[]];
      await useLanguage(page, language);

      await open(page, 'system/role');
      await expectNoChinese(page, roleName, want.role);
      await expect(page.getByTestId('user-menu')).toContainText(want.admin);

      await open(page, 'system/dept');
      await expectNoChinese(page, deptName!, want.dept);

      await open(page, 'system/post-list');
      await expectNoChinese(page, postName!, want.post);

      await open(page, 'system/dict-list?pageSize=50');
      await expectNoChinese(page, dictName!);

      await open(page, 'system/config-list');
      await expectNoChinese(page, configName!);
      await expectNoChinese(page, remark!);

      // The user list names each user's department and roles in the reader's language too.
      await open(page, 'system/user');
      const users = row(page, 'sales2');
      await expect(users).toContainText(language === 'th' ? 'โกดังอี้อู' : 'Yiwu warehouse');
      await expect(users).toContainText(want.role);

      // The edit dialog shows the name as stored and its English and Thai names.
      await open(page, 'system/role');
      await row(page, want.role)
        .getByRole('button', { name: language === 'th' ? 'แก้ไข' : 'Edit', exact: true })
        .click();
      const dialog = page.getByRole('dialog').last();
      await expect(dialog.locator('input#roleName')).toHaveValue('业务员');
      await expect(dialog.locator('input#roleNameEn')).toHaveValue('Sales');
      await expect(dialog.locator('input#roleNameTh')).toHaveValue('เซลล์');
    });

    test(`[SYSTEM]: every side-menu entry is shown whole in ${language}`, async ({ page }) => {
      test.setTimeout(120_000);
      // Groups stay open together, so the whole menu can be looked at once.
      await useLanguage(page, language, { isUniqueOpened: false });
      await open(page, 'home');
      const aside = page.getByTestId('layout-aside');
      for (let round = 0; round < 4; round++) {
        const closed = aside.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
        const n = await closed.count();
        if (!n) break;
        for (let i = n - 1; i >= 0; i--) await closed.nth(i).click();
        await page.waitForTimeout(400);
      }
      await expect(aside.locator('.ant-menu-submenu:not(.ant-menu-submenu-open)')).toHaveCount(0);
      expect(await aside.locator('.ant-menu-item').count()).toBeGreaterThan(20);
      await expectWholeLabels(aside, language);

      // Look at it: the menu scrolled a screen at a time.
      const scroller = aside.locator('.layout-aside-menu');
      const height = await scroller.evaluate((el) => el.scrollHeight);
      for (let top = 0, n = 1; top < height; top += 800, n++) {
        await scroller.evaluate((el, y) => el.scrollTo(0, y), top);
        await aside.screenshot({ path: shot(`system-menu-${language}-${n}.png`) });
      }

      // The collapsed sider: a group's pop-up starts with the group's title, its entries whole.
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      await page.getByTestId('collapse-menu').click();
      await expect(aside).toHaveClass(/collapsed/);
      const groups = aside.locator('.ant-menu-inline-collapsed > .ant-menu-submenu > .ant-menu-submenu-title');
      const count = await groups.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < count; i++) {
        await groups.nth(i).hover();
        const popup = page.locator('.ant-menu-submenu-popup').filter({ visible: true }).last();
        await expect(popup.locator('.layout-menu-group')).toBeVisible();
        const title = (await popup.locator('.layout-menu-group').innerText()).trim();
        expect(title).not.toMatch(/^menu_/);
        expect(title).not.toMatch(CJK);
        const cut = await popup.evaluate((root) =>
          [...root.querySelectorAll<HTMLElement>('.ant-menu-title-content')]
            .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.innerText),
        );
        expect(cut, `cut in the pop-up of ${title}`).toEqual([]);
        if (i === 0) await popup.screenshot({ path: shot(`system-menu-${language}-collapsed.png`) });
        await page.mouse.move(900, 600);
        await expect(popup).toBeHidden();
      }
    });
  });
}
