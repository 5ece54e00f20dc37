import { hasAnyPermission } from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { FileOwner } from '../../file/file-access';
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
  readable: (auth) => {
    if (!hasAnyPermission(auth.permissions, [...LOAD_READ_KEYS])) return false;
    const scope = loadScope(auth);
    if (!scope) return true;
    return sql`${busLoadFile.loadId} IN (SELECT ${busLoad.id} FROM ${busLoad} WHERE ${scope})`;
  },
};
