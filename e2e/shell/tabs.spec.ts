import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { api } from '../home/order-api';

/**
 * Tabs and long pages (issue 10 items 11 and 12). The speed itself is measured by e2e/perf/tabs.mjs
 * (`npm run bench`); these journeys guard the behaviour around it: hidden tabs keep their state and are not
 * fetched again when switching, list headers stay visible under the tab strip without anything drawing over
 * it, and a long form's actions stay at the bottom of the screen.
 */
const view = (page: Page, key: string) => page.locator(`.page-view[data-tab="${key}"]`);
const tab = (page: Page, key: string) => page.locator(`.tags-view-item[data-key="${key}"]`);
const scrollTop = (page: Page) => page.locator('.layout-body').evaluate((el) => el.scrollTop);
const scrollTo = (page: Page, y: number) =>
  page.locator('.layout-body').evaluate((el, top) => {
    el.scrollTop = top;
  }, y);

/** The element drawn at the centre of `box` (or at x, y), as a locator-free description. */
async function drawnAt(page: Page, x: number, y: number) {
  return page.evaluate(
    ([px, py]) => {
      const el = document.elementFromPoint(px, py);
      return {
        inTop: Boolean(el?.closest('.layout-top')),
        inHeaderCell: Boolean(el?.closest('th')),
        testId: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      };
    },
    [x, y] as const,
  );
}

/** The dictionary types: more than 40 seeded rows, one page of 50. Returns the row count. */
async function longList(list: Locator) {
  await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(40);
  return list.locator('.ant-table-row').count();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b as NonNullable<typeof b>;
}

test('[SHELL]: hidden tabs keep their page, typed search, selection and scroll, and switching fetches nothing again', async ({
  page,
}) => {
  await signIn(page, 'admin', 'system/dict-list?pageNum=1&pageSize=50');
  const dict = view(page, '/system/dict-list');
  const rows = await longList(dict);
  await dict.locator('.ant-table-row').nth(2).locator('.ant-checkbox-input').check();
  await expect(dict.getByTestId('list-selection')).toBeVisible();
  await dict.getByTestId('list-search').getByRole('textbox').first().fill('未提交');
  await scrollTo(page, 600);

  // Two more screens from the menu, each a list of its own.
  const aside = page.getByTestId('layout-aside');
  await aside.getByText('参数设置').click();
  await expect(view(page, '/system/config-list').locator('.ant-table-row').first()).toBeVisible();
  await aside.getByText('岗位管理').click();
  await expect(view(page, '/system/post-list').locator('.ant-table-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const fetched: string[] = [];
  page.on('request', (r) => {
    if (/\/prod-api\/system\/(dict\/type|config|post)\/list/.test(r.url())) fetched.push(r.url());
  });
  for (let round = 0; round < 3; round++) {
    await tab(page, '/system/dict-list').click();
    await expect(page).toHaveURL(/system\/dict-list\?pageNum=1&pageSize=50$/);
    await expect(dict.locator('.ant-table-row')).toHaveCount(rows);
    await expect(dict.getByTestId('list-selection')).toBeVisible();
    await expect(dict.locator('.ant-table-row').nth(2).locator('.ant-checkbox-input')).toBeChecked();
    await expect(dict.getByTestId('list-search').getByRole('textbox').first()).toHaveValue('未提交');
    await expect.poll(() => scrollTop(page)).toBe(600);
    await tab(page, '/system/config-list').click();
    await expect(view(page, '/system/config-list')).toBeVisible();
    await expect.poll(() => scrollTop(page)).toBe(0);
    await tab(page, '/system/post-list').click();
    await expect(view(page, '/system/post-list')).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  // The same requests are seen when a list does fetch (its refresh button).
  await view(page, '/system/post-list').getByTestId('list-refresh').click();
  await expect.poll(() => fetched.length).toBe(1);
});

test('[SHELL]: a long list keeps its column headers under the tab strip and nothing draws over the tab strip', async ({
  page,
}) => {
  await signIn(page, 'admin', 'system/dict-list?pageNum=1&pageSize=50');
  const dict = view(page, '/system/dict-list');
  await longList(dict);
  await scrollTo(page, 900);
  await expect.poll(() => scrollTop(page)).toBe(900);

  const top = await box(page.locator('.layout-top'));
  const tags = await box(page.locator('.tags-view'));
  const header = dict.locator('th').filter({ hasText: '字典名称' });
  await expect(header).toBeVisible();
  const headerBox = await box(header);
  // The header sits right under the tab strip, though its table's top scrolled far above.
  expect(Math.abs(headerBox.y - (top.y + top.height))).toBeLessThanOrEqual(2);
  expect((await box(dict.locator('.ant-table-tbody'))).y).toBeLessThan(0);
  expect(await drawnAt(page, headerBox.x + 10, headerBox.y + headerBox.height / 2)).toMatchObject({
    inHeaderCell: true,
  });

  // The fixed checkbox and action columns scroll under the header and the tab strip, never over them.
  const checkbox = await box(dict.locator('th.ant-table-selection-column'));
  const actions = await box(dict.locator('th').filter({ hasText: '操作' }));
  for (const x of [checkbox.x + checkbox.width / 2, actions.x + 10]) {
    expect(await drawnAt(page, x, tags.y + tags.height / 2)).toMatchObject({ inTop: true });
    expect(await drawnAt(page, x, top.y + 10)).toMatchObject({ inTop: true });
  }
});

test.describe('in Thai, in Bangkok', () => {
  test.use({ locale: 'th-TH', timezoneId: 'Asia/Bangkok', viewport: { width: 1280, height: 720 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('THEONE-language', JSON.stringify('th')));
  });

  /** The footer is stuck to the bottom of the screen while the top of the form is in view. */
  async function expectFooterAtBottom(page: Page, footer: Locator, top: Locator, save: Locator) {
    await expect(save).toBeVisible({ timeout: 30_000 });
    const topBox = await box(top);
    expect(topBox.y).toBeGreaterThanOrEqual(0);
    expect(topBox.y).toBeLessThan(200);
    const footerBox = await box(footer);
    expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(720);
    expect(footerBox.y + footerBox.height).toBeGreaterThan(700);
    const saveBox = await box(save);
    const drawn = await drawnAt(page, saveBox.x + saveBox.width / 2, saveBox.y + saveBox.height / 2);
    expect(drawn.testId).toBe(await save.getAttribute('data-testid'));
  }

  test('[SHELL]: the customer form and the order form keep their actions at the bottom while the form top is in view', async ({
    page,
  }) => {
    const marks = await api(page.request, 'admin', 'GET', '/bas/mark/list?mark=TH001');
    const mark = (marks.rows as { id: number; mark: string }[]).find((m) => m.mark === 'TH001');
    expect(mark).toBeDefined();
    await signIn(page, 'admin', `bas/custom-edit/${mark?.id}`);
    const form = view(page, `/bas/custom-edit/${mark?.id}`);
    const save = form.getByTestId('bas-form-save');
    await expectFooterAtBottom(page, form.getByTestId('bas-form-footer'), form.locator('.ant-card-head'), save);
    await expect(save).toHaveText(/บันทึก/);

    // Scrolled to the end, the footer is in its place after the last section, still on screen.
    await scrollTo(page, 10_000);
    await expect(form.getByTestId('bas-form-footer')).toBeInViewport();

    await page.goto('bus/orderAdd');
    const order = view(page, '/bus/orderAdd');
    await expectFooterAtBottom(
      page,
      order.getByTestId('order-form-footer'),
      order.locator('.ant-card-head'),
      order.getByTestId('order-save'),
    );
  });
});
