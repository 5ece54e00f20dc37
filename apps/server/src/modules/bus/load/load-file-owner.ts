import type { FileOwner } from '../../file/file-access';
import { recordPhotosOwner } from '../bus-files';
import { busLoad, busLoadFile } from './load.table';
import { loadScope } from './load-record';

/** The file module's owner entry: a load photo is readable by whoever may read its load (key and data scope). */
export const loadFileOwner: FileOwner = recordPhotosOwner({
  photos: busLoadFile,
  ref: busLoadFile.loadId,
  record: busLoad,
  keys: ['bus:loadplan', 'loadplan:info', 'bus:load', 'load:info', 'bus:track', 'track:info'],
  scope: loadScope,
});
