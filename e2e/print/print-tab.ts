import type { Page } from '@playwright/test';

/** Helpers of the print journeys (not a spec). */

/** What PrintButtons does (print-api.ts openPrint): a tab opened inside the click, pointed at the label's PDF. */
export async function printLabelInNewTab(page: Page, orderId: number) {
  await page.evaluate(async (id) => {
    const tab = window.open('', '_blank');
    const response = await fetch(`/prod-api/bus/inware/printbar/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessionStorage.getItem('THEONE-token')}` },
    });
    const url = URL.createObjectURL(new Blob([await response.blob()], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
  }, orderId);
}

/** The PDF a print tab shows: its type, first bytes and size, read from its blob: URL. */
export async function pdfOf(popup: Page) {
  await popup.waitForURL(/^blob:/, { timeout: 30_000 });
  return popup.evaluate(async () => {
    const response = await fetch(location.href);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      type: response.headers.get('content-type'),
      head: new TextDecoder().decode(bytes.slice(0, 5)),
      size: bytes.length,
    };
  });
}
