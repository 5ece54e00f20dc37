import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { shot } from '../support/ui';

/**
 * Screenshots to look at (issue 3): login, layout (default and dark), settings drawer and 404, in zh-cn,
 * en and th, written to e2e/screenshots/ (git-ignored). Run with `npm run screenshots -w @theone/e2e`.
 */
const LANGUAGES = ['zh-cn', 'en', 'th'] as const;

async function useLanguage(page: Page, language: string, dark = false) {
  await page.addInitScript(
    ([lang, isDark]) => {
      localStorage.setItem('THEONE-language', JSON.stringify(lang));
      const settings = JSON.parse(localStorage.getItem('THEONE-layout-settings') ?? '{}');
      localStorage.setItem('THEONE-layout-settings', JSON.stringify({ ...settings, isDark }));
    },
    [language, dark] as const,
  );
}

/** A list screen (Basic data > Agents) gives the layout something to show. */
async function openAList(page: Page) {
  await page.goto('bas/agent-mark');
  await expect(page.locator('.list-page').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

for (const language of LANGUAGES) {
  test(`[SHELL]: screenshots in ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await page.screenshot({ path: shot(`login-${language}.png`) });

    await signIn(page, 'admin');
    await openAList(page);
    await page.screenshot({ path: shot(`layout-${language}.png`) });

    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('setting-isDark')).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: shot(`drawer-${language}.png`) });

    await page.goto('nowhere');
    await expect(page).toHaveURL(/\/404$/);
    await page.screenshot({ path: shot(`404-${language}.png`) });
  });

  test(`[SHELL]: dark screenshots in ${language}`, async ({ page }) => {
    await useLanguage(page, language, true);
    await signIn(page, 'admin');
    await openAList(page);
    await page.screenshot({ path: shot(`layout-dark-${language}.png`) });
  });
}
