import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Screen helpers the journeys share: the visible copy of an element (antd keeps closed dialogs and other tabs in the
 * page), the dialog on top, its OK, and the OK of a confirmation prompt (in any of the three languages).
 */
export const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`).first();

/** The dialog on top. */
export const modal = (page: Page) => page.locator('.ant-modal:visible').last();

const OK = /确\s*定|OK|ตกลง/;

/**
 * Answers OK to the confirmation prompt on screen, once its opening animation (antd's zoom classes on the dialog) has
 * ended: on a busy CI machine a click 1 ms after the prompt appeared was lost, and the action never ran.
 */
export async function confirmPrompt(page: Page) {
  const prompt = page.locator('.ant-modal-confirm:visible').last();
  await expect(prompt).toBeVisible(); // first the prompt, then the end of its animation
  await expect(prompt).not.toHaveClass(/-zoom-/);
  await prompt.getByRole('button', { name: OK }).click();
}

/** Clicks the OK button of the dialog on top. */
export const okDialog = (page: Page) => modal(page).getByRole('button', { name: OK }).click();

/** Clicks the primary button of the top dialog's footer (dialogs whose OK says what it does, such as 'Save'). */
export const submitDialog = (page: Page) => modal(page).locator('.ant-modal-footer .ant-btn-primary').click();

/**
 * The control of a form item by its exact label, inside `scope` (a dialog): by default its input, text area or
 * select. (Labels point at ids that the list's search form uses as well, so `getByLabel` would find the search
 * field; reported to the shell: FormModal should give its form a name.)
 */
export const formControl = (scope: Locator, label: string, controls = 'input, textarea, .ant-select') =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator(controls)
    .first();

/** A 1×1 PNG: a photo to upload (signatures, problem items, avatars). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Where a journey's screenshot goes: e2e/screenshots/<name> (git-ignored), whatever the working directory. */
export const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}`, import.meta.url));
