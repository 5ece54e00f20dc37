import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { idColumn, linkId } from '../../../platform/db/columns';
import { createdColumns } from '../bus.columns';

/**
 * Photos of problem items (screens exception-list 'Raise': photos): one row per photo and order, written with the
 * raise (or an amendment) in the same transaction as its order-log row. Files are read through the file module's
 * FILE_OWNERS (exception-files.ts): whoever may read the order's problem items.
 */
export const busExceptionPhoto = pgTable(
  'bus_exception_photo',
  {
    id: idColumn(),
    orderId: linkId(),
    fileId: uuid().notNull(),
    ...createdColumns(),
  },
  (t) => [index('bus_exception_photo_order_idx').on(t.orderId), index('bus_exception_photo_file_idx').on(t.fileId)],
);
