import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { businessNowText } from './business-time';
import { feedback } from './feedback';
import { translate } from './i18n';
import { withOverlay } from './overlay';
import { ApiError, EXPORT_TIMEOUT, http, isApiError, serializeParams } from './request';

/**
 * File downloads (spec §7 'Download helper', §8).
 * `download(url, params, fileName)`: POST with a form-encoded body, blob answer, saved as `fileName`
 * (or the server's Content-Disposition name), under the overlay 'Downloading data, please wait'.
 * A blob that is a JSON envelope is an error: its message (by `errorCode`, then `msg`, then the code table)
 * is shown. Any other failure shows 'Error downloading file, please contact the administrator'.
 * Resolves true when a file was saved.
 */
const CODE_MESSAGES: Record<number, string> = { 401: 'err_unauthorized', 403: 'err_forbidden', 404: 'err_not_found' };

/** The message for a JSON error envelope received instead of a file. */
export function blobErrorMessage(body: { code?: number; msg?: string; errorCode?: string }): string {
  if (body.msg) return body.msg;
  if (body.code && CODE_MESSAGES[body.code]) return translate(CODE_MESSAGES[body.code]);
  return translate('msg_unknown_error');
}

/** `filename*=UTF-8''...` (RFC 6266) or `filename="..."`. */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return star[1].trim();
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : undefined;
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function fetchAndSave(send: () => Promise<AxiosResponse<Blob>>, fileName: string | undefined): Promise<boolean> {
  return withOverlay(translate('downloading'), async () => {
    try {
      const response = await send();
      const blob = response.data;
      if (blob.type.toLowerCase().includes('application/json')) {
        // The interceptor has checked the envelope; a 200 envelope in place of a file is still not a file.
        const body = JSON.parse(await blob.text()) as { code?: number; msg?: string; errorCode?: string };
        feedback.message.error(blobErrorMessage(body));
        return false;
      }
      const header = response.headers['content-disposition'];
      const name = fileName || fileNameFromDisposition(typeof header === 'string' ? header : undefined) || 'download';
      saveBlob(blob, name);
      return true;
    } catch (error) {
      if (isApiError(error) && error.handled) return false;
      if (error instanceof ApiError && error.kind === 'cancelled') return false;
      feedback.message.error(translate('msg_download_error'));
      return false;
    }
  });
}

/** POST a form-encoded body to `url` (under /prod-api) and save the answer. */
export function download(
  url: string,
  params: Record<string, unknown> = {},
  fileName?: string,
  config: AxiosRequestConfig = {},
): Promise<boolean> {
  return fetchAndSave(
    () =>
      http.post<Blob>(url, serializeParams(params), {
        timeout: EXPORT_TIMEOUT,
        responseType: 'blob',
        ...config,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...config.headers },
      }),
    fileName,
  );
}

/** GET a stored file by its id (`/file/download/{fileId}`, bearer) and save it. */
export function downloadFile(fileId: string | number, fileName?: string): Promise<boolean> {
  return fetchAndSave(
    () =>
      http.get<Blob>(`/file/download/${encodeURIComponent(String(fileId))}`, {
        responseType: 'blob',
        timeout: EXPORT_TIMEOUT,
      }),
    fileName,
  );
}

/** The business time's stamp for export file names (as the server's): `orders_20261122153000.xlsx`. */
export function exportFileName(prefix: string, extension = 'xlsx') {
  return `${prefix}_${businessNowText().replace(/[-: ]/g, '')}.${extension}`;
}
