import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/auth';
import { api, createOrder } from '../home/order-api';

/**
 * Scanners and keyboards (issue 10 items 5 and 6): a receiving clerk at the in-warehouse screen never touches the
 * mouse. A USB scanner is a keyboard: it types the code and presses Enter, here `page.keyboard.type` + Enter with
 * no pause between scans. Thai staff in Bangkok: the browser in th-TH and Asia/Bangkok, the app in Thai.
 *
 * The sounds are recorded by wrapping Web Audio's oscillator: 1320 Hz found, 880 Hz waiting or repeat, 220 Hz
 * not found (components/ScanBox/beep.ts).
 */
test.use({ locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString().slice(-7);
const FOUND = 1320;
const NOT_FOUND = 220;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('THEONE-language', JSON.stringify('th'));
    const tones: number[] = [];
    (window as unknown as { scanTones: number[] }).scanTones = tones;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      tones.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
});

const tones = (page: Page) => page.evaluate(() => (window as unknown as { scanTones: number[] }).scanTones);
const scanInput = (page: Page) => page.locator('[data-testid=scan-box]:visible input');
const dialog = (page: Page) => page.locator('.ant-modal:visible');
const numberBox = (page: Page, id: string) =>
  page.locator(`.ant-modal:visible input[data-testid="${id}"], .ant-modal:visible [data-testid="${id}"] input`).first();

/** What a scanner does into the focused scan box: the code's keys and Enter, as fast as the browser takes them. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/**
 * A scan while a dialog has the focus, with the keys stamped as a scanner's hardware stamps them: 8 ms apart.
 * The page tells a scanner from a person by the time between keys (components/ScanBox/wedge.ts), and Playwright's
 * typing stamps each key when the browser receives it, after the page handled the previous one: up to 50 ms
 * apart on a busy test machine, a quick typist's pace. Input.dispatchKeyEvent's `timestamp` becomes the event's
 * timeStamp, as a real scanner's USB report time does.
 */
async function scanWithScannerTiming(page: Page, code: string) {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const at = (i: number) => start + i * 0.008;
  for (const [i, key] of [...code].entries()) {
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      text: key,
      unmodifiedText: key,
      timestamp: at(i),
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp: at(i) + 0.002 });
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, timestamp: at(code.length) };
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...enter });
  await cdp.send('Input.dispatchKeyEvent', { type: 'char', ...enter, text: '\r' });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at(code.length) + 0.002 });
  await cdp.detach();
}

async function orderOf(request: APIRequestContext, id: number) {
  return (
    await api<{ status: number; arrivedPiece: number | null; arrivedWeight: string | null }>(
      request,
      'admin',
      'GET',
      `/bus/inware/${id}`,
    )
  ).data;
}

/** No order answers to the code (the scan lookup's 'not found'). */
async function expectNoOrderFor(request: APIRequestContext, code: string) {
  const answer = await api(request, 'admin', 'POST', `/bus/inware/selectByTransportId/${code}`, {});
  expect(answer.code).not.toBe(200);
  expect(answer.msg).toContain(code);
}

async function openInWarehouse(page: Page) {
  await signIn(page, 'dispatcher', 'bus/inOrder');
  // the screen opens with the scan box focused: the first scan needs no click
  await expect(scanInput(page)).toBeFocused();
}

test('[SCANNING]: an unknown code then a known one, scanned at once: the known one opens, nothing is registered', async ({
  page,
}) => {
  const express = [`SF7${run}01`, `SF7${run}02`];
  const order = await createOrder(page.request, { status: 1, fields: { expressNo: express.join(',') } });
  const unknown = `ZZ9${run}404`;
  await openInWarehouse(page);
  await expect(page.getByTestId('in-order-tabs').locator('.ant-segmented-item-selected')).toHaveText('ในสต็อก');

  await scan(page, unknown);
  await scan(page, express[1]!);

  // the known order's Receive dialog, from the awaiting tab, with its weight to type and its parcel ticked
  await expect(dialog(page).locator('.ant-modal-title')).toContainText(order.transportId);
  await expect(page.getByTestId('in-order-tabs').locator('.ant-segmented-item-selected')).toHaveText('รอรับเข้าโกดัง');
  await expect(page).toHaveURL(/[?&]tab=awaiting/);
  await expect(numberBox(page, 'receive-weight')).toBeFocused();
  await expect(dialog(page).getByRole('checkbox', { name: express[1] })).toBeChecked();
  await expect(dialog(page).getByRole('checkbox', { name: express[0] })).not.toBeChecked();
  // the unknown code was said with the not-found sound, then the found one
  expect(await tones(page)).toEqual([NOT_FOUND, FOUND]);
  // ...and nothing was registered for it: no no-mark cargo, no register dialog, still this screen
  await expect(page).toHaveURL(/\/bus\/inOrder/);
  await expectNoOrderFor(page.request, unknown);

  // Escape closes the dialog, the scan box has the focus back; the unknown code alone: a line under the box
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(scanInput(page)).toBeFocused();
  await scan(page, unknown);
  const message = page.getByTestId('scan-box-message');
  await expect(message).toContainText(`ไม่พบออเดอร์ของ ${unknown}`);
  await expect(message).toHaveAttribute('data-tone', 'error');
  await expect(message.getByTestId('scan-register-no-mark')).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  await expect(scanInput(page)).toBeFocused();
  // the next Enter (an empty scan) registers nothing either
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bus\/inOrder/);
  await expectNoOrderFor(page.request, unknown);
  expect((await orderOf(page.request, order.id)).status).toBe(1);
});

test('[SCANNING]: an order is received by keyboard only; scans during the dialog tick its parcels or wait their turn', async ({
  page,
}) => {
  const express = [`YT7${run}11`, `YT7${run}12`];
  const first = await createOrder(page.request, { status: 0, fields: { expressNo: express.join(',') } });
  const nextExpress = `YT7${run}21`;
  const next = await createOrder(page.request, { status: 1, fields: { expressNo: nextExpress } });
  await openInWarehouse(page);

  await scan(page, express[0]!);
  await expect(dialog(page).locator('.ant-modal-title')).toContainText(first.transportId);
  const weight = numberBox(page, 'receive-weight');
  await expect(weight).toBeFocused();
  await expect(numberBox(page, 'receive-piece')).toHaveValue('2');

  // the second parcel of the same order is scanned: ticked, not typed into the weight
  await scanWithScannerTiming(page, express[1]!);
  await expect(dialog(page).getByRole('checkbox', { name: express[1] })).toBeChecked();
  await expect(weight).toHaveValue('');
  // a parcel of another order: it waits for this dialog, still not typed anywhere
  await scanWithScannerTiming(page, nextExpress);
  await expect(page.locator('.ant-message')).toContainText(nextExpress);
  await expect(page.getByTestId('scan-box-queued')).toBeVisible();
  await expect(weight).toHaveValue('');
  await expect(weight).toBeFocused();

  // the clerk reads the scale and types it (a person's pace), Enter submits
  await page.keyboard.type('38.5', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-message')).toContainText('รับสินค้าเข้าโกดังแล้ว');
  await expect.poll(async () => (await orderOf(page.request, first.id)).status).toBe(2);
  const received = await orderOf(page.request, first.id);
  expect(received.arrivedWeight).toBe('38.50');
  expect(received.arrivedPiece).toBe(2);

  // the waiting parcel's order opens next, its parcel ticked
  await expect(dialog(page).locator('.ant-modal-title')).toContainText(next.transportId);
  await expect(dialog(page).getByRole('checkbox', { name: nextExpress })).toBeChecked();
  await expect(numberBox(page, 'receive-weight')).toBeFocused();
  // Enter with the weight still empty does not submit: the field says why
  await page.keyboard.press('Enter');
  await expect(dialog(page).locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(scanInput(page)).toBeFocused();
  expect((await orderOf(page.request, next.id)).status).toBe(1);

  // the received order scanned again: no dialog, the list shows it on the received tab with its row marked
  await scan(page, express[0]!);
  await expect(page.getByTestId('scan-box-message')).toContainText(first.transportId);
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/tab=received/);
  const marked = page.locator('tr.bus-row-scanned').filter({ visible: true });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(first.transportId);
  await expect(scanInput(page)).toBeFocused();
  // the next order to receive opens on the awaiting tab, listed there (the waybill filter of the mark is dropped)
  await scan(page, nextExpress);
  await expect(dialog(page).locator('.ant-modal-title')).toContainText(next.transportId);
  await expect(page).not.toHaveURL(/transportId=/);
  await page.keyboard.press('Escape');
});
