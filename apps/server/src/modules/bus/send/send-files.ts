import type { FileOwner } from '../../file/file-access';
import { readableThrough } from '../bus-files';
import { busOrder } from '../inware/inware.table';
import { busSendLine } from './send.table';
import { orderReach } from './send-record';

/**
 * Files the delivery lines reference (modules/file/file-access.ts FILE_OWNERS): the signature photo and the proof of
 * delivery of an order are readable by whoever may open runs or the sign list and reaches the order (its data scope,
 * or a driver through their runs).
 */
const readable = readableThrough(
  ['bus:sign', 'bus:sendOrder', 'bus:send', 'order:info'],
  orderReach,
  busSendLine.orderId,
  busOrder,
);

export const signPictureFileOwner: FileOwner = {
  name: 'bus_send_line.sign_picture',
  table: busSendLine,
  column: busSendLine.signPicture,
  readable,
};

export const podPictureFileOwner: FileOwner = {
  name: 'bus_send_line.pod_picture',
  table: busSendLine,
  column: busSendLine.podPicture,
  readable,
};
