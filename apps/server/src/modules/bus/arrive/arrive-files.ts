import type { FileOwner } from '../../file/file-access';
import { readableThrough } from '../bus-files';
import { busArrive, busArrivePhoto } from './arrive.table';
import { arriveScope } from './arrive-record';

/** Keys that may read a pick-up record (and so its photos). */
export const ARRIVE_READ_KEYS = ['bus:arrive', 'arrive:info', 'bus:arriveOrder'] as const;

/**
 * The photos of a pick-up (seal, doors) for the file module's FILE_OWNERS (docs/adr/0011-module-boundaries.md):
 * readable by whoever may read the pick-up record: one of ARRIVE_READ_KEYS and the record's load in their scope.
 */
export const arrivePhotoFileOwner: FileOwner = {
  name: 'bus_arrive_photo.file_id',
  table: busArrivePhoto,
  column: busArrivePhoto.fileId,
  readable: readableThrough(ARRIVE_READ_KEYS, arriveScope, busArrivePhoto.arriveId, busArrive),
};
