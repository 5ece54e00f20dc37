import type { FileOwner } from '../../file/file-access';
import { readableThrough } from '../bus-files';
import { busLoad, busLoadFile } from './load.table';
import { loadScope } from './load-record';

/** Keys that may read a load record (and so its photos). */
export const LOAD_READ_KEYS = [
  'bus:loadplan',
  'loadplan:info',
  'bus:load',
  'load:info',
  'bus:track',
  'track:info',
] as const;

/** The file module's owner entry: a load photo is readable by whoever may read its load (key and data scope). */
export const loadFileOwner: FileOwner = {
  name: 'bus_load_file.file_id',
  table: busLoadFile,
  column: busLoadFile.fileId,
  readable: readableThrough(LOAD_READ_KEYS, loadScope, busLoadFile.loadId, busLoad),
};
