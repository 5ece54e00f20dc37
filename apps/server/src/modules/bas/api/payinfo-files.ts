import { hasAnyPermission } from '@theone/contracts';
import type { FileOwner } from '../../file/file-access';
import { basPayinfo } from '../bas.table';

/**
 * Files the bas module's records reference, for the file module's FILE_OWNERS (docs/adr/0011-module-boundaries.md):
 * a bank account's payment QR code is readable by whoever may open payment info (company data, no data scope).
 */
export const payinfoQrFileOwner: FileOwner = {
  name: 'bas_payinfo.qr_file_id',
  table: basPayinfo,
  column: basPayinfo.qrFileId,
  readable: (auth) => hasAnyPermission(auth.permissions, ['bas:payinfo', 'bas:payinfo:info', 'bas:payinfo:edit']),
};
