import type { FileOwner } from '../../file/file-access';
import { readableThrough } from '../bus-files';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { busExceptionPhoto } from './exception.table';

/** Keys that may read an order's problem items (and so their photos). */
export const EXCEPTION_READ_KEYS = ['bus:exception', 'order:info', 'bus:order'] as const;

/**
 * The photos of problem items for the file module's FILE_OWNERS: readable by whoever may read the order's problem
 * items (one of EXCEPTION_READ_KEYS) and reaches the order (its data scope).
 */
export const exceptionPhotoFileOwner: FileOwner = {
  name: 'bus_exception_photo.file_id',
  table: busExceptionPhoto,
  column: busExceptionPhoto.fileId,
  readable: readableThrough(EXCEPTION_READ_KEYS, orderScope, busExceptionPhoto.orderId, busOrder),
};
