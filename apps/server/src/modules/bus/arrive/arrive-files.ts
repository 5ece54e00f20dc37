import type { FileOwner } from '../../file/file-access';
import { recordPhotosOwner } from '../bus-files';
import { busArrive, busArrivePhoto } from './arrive.table';
import { arriveScope } from './arrive-record';

/**
 * The photos of a pick-up (seal, doors) for the file module's FILE_OWNERS (docs/adr/0011-module-boundaries.md):
 * readable by whoever may read the pick-up record: one of its keys and the record's load in their scope.
 */
export const arrivePhotoFileOwner: FileOwner = recordPhotosOwner({
  photos: busArrivePhoto,
  ref: busArrivePhoto.arriveId,
  record: busArrive,
  keys: ['bus:arrive', 'arrive:info', 'bus:arriveOrder'],
  scope: arriveScope,
});
