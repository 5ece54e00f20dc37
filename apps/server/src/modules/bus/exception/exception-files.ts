import type { FileOwner } from '../../file/file-access';
import { recordPhotosOwner } from '../bus-files';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { busExceptionPhoto } from './exception.table';

/**
 * The photos of problem items for the file module's FILE_OWNERS: readable by whoever may read the order's problem
 * items (one of its keys) and reaches the order (its data scope).
 */
export const exceptionPhotoFileOwner: FileOwner = recordPhotosOwner({
  photos: busExceptionPhoto,
  ref: busExceptionPhoto.orderId,
  record: busOrder,
  keys: ['bus:exception', 'order:info', 'bus:order'],
  scope: orderScope,
});
