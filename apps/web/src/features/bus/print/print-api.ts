import { PRINT_KEYS, type TPrintKind } from '@theone/contracts';
import { feedback } from '../../../lib/feedback';
import { currentLanguage, translate } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import type { PermissionValue } from '../../../lib/permission';
import { EXPORT_TIMEOUT, http, isApiError } from '../../../lib/request';

/**
 * The order print calls (spec §7; server apps/server/src/modules/bus/print): each answers a PDF, opened in a
 * new browser tab.
 *
 * | kind      | call                                         | what                                   |
 * |-----------|----------------------------------------------|----------------------------------------|
 * | 'label'   | POST /bus/inware/printbar/{ids}              | one 100×75 mm label per order          |
 * | 'pieces'  | POST /bus/inware/printbar/cargo/{ids}        | one label per piece, 'n of N' (S2+)    |
 * | 'receipt' | POST /bus/inware/printware/{ids}/{lang}      | warehouse receipt, A4 (S2+)            |
 * | 'fee'     | POST /bus/inware/printfee/{ids}/{lang}       | fee sheet, A4 (fee role)               |
 *
 * `{ids}`: comma-separated order ids (at most 500; a batch too long for the path goes in the body, `0` in the path). Labels print in the UI language; receipts and fee sheets in
 * the `lang` asked for (zh-cn | en | th; default the UI language). Label prints add one to each order's
 * printTimes, so refresh the rows after printing.
 */
export type PrintKind = TPrintKind;
export const PRINT_KINDS: readonly PrintKind[] = ['label', 'pieces', 'receipt', 'fee'];

/** The keys the server accepts for each kind (the print buttons of the screens, screens §5). */
export const PRINT_PERMS: Record<PrintKind, PermissionValue> = PRINT_KEYS;

/** Kinds whose server call takes a template language. */
export const KINDS_WITH_LANGUAGE: readonly PrintKind[] = ['receipt', 'fee'];

export const PRINT_BUTTON_KEY: Record<PrintKind, string> = {
  label: 'print_btn_label',
  pieces: 'print_btn_pieces',
  receipt: 'print_btn_receipt',
  fee: 'print_btn_fee',
};

/**
 * Ids that fit in the path (the server's router takes path segments of up to 200 characters); a longer batch
 * goes in the body as `{ ids }` with `0` in the path.
 */
export const MAX_PATH_IDS_CHARS = 180;

export const idsInPath = (ids: readonly number[]) => ids.join(',').length <= MAX_PATH_IDS_CHARS;

/** The path under /prod-api of a print call. */
export function printPath(kind: PrintKind, ids: readonly number[], lang: Language = currentLanguage()): string {
  const list = idsInPath(ids) ? ids.join(',') : '0';
  switch (kind) {
    case 'label':
      return `/bus/inware/printbar/${list}`;
    case 'pieces':
      return `/bus/inware/printbar/cargo/${list}`;
    case 'receipt':
      return `/bus/inware/printware/${list}/${lang}`;
    case 'fee':
      return `/bus/inware/printfee/${list}/${lang}`;
  }
}

/** The page shown in the new tab while the PDF is made. */
function waitingPage(win: Window) {
  try {
    win.document.title = translate('print_opening');
    win.document.body.style.cssText =
      'font:14px system-ui,sans-serif;color:#555;display:grid;place-items:center;height:90vh';
    win.document.body.textContent = translate('print_opening');
  } catch {
    /* a cross-origin or closed window: nothing to show */
  }
}

/**
 * POSTs a call that answers a PDF and shows it in a new tab. The tab is opened at once (inside the click, so the
 * browser does not block it) and pointed at the PDF when it arrives; on failure it is closed and the server's
 * message shown. Resolves true when a PDF was opened. Every print button of the app goes through here.
 */
export async function openPdf(path: string, body?: unknown): Promise<boolean> {
  const win = window.open('', '_blank');
  if (win) waitingPage(win);
  try {
    const response = await http.post<Blob>(path, body, { responseType: 'blob', timeout: EXPORT_TIMEOUT });
    const url = URL.createObjectURL(new Blob([response.data], { type: 'application/pdf' }));
    // The blob URL lives as long as this page; revoke it after the tab had time to load it.
    setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
    if (win && !win.closed) {
      win.location.href = url;
      return true;
    }
    const late = window.open(url, '_blank');
    if (!late) feedback.message.warning(translate('print_popup_blocked'));
    return Boolean(late);
  } catch (error) {
    win?.close();
    if (!isApiError(error) || !error.handled) feedback.message.error(translate('msg_unknown_error'));
    return false;
  }
}

/** An order print of `kind` for the ticked orders (a warning when none is ticked). */
export async function openPrint(kind: PrintKind, ids: readonly number[], lang?: Language): Promise<boolean> {
  if (!ids.length) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  return openPdf(printPath(kind, ids, lang), idsInPath(ids) ? undefined : { ids });
}
