import { recordPhotoTable } from '../bus.columns';

/**
 * Photos of problem items (screens exception-list 'Raise': photos): one row per photo and order, written with the
 * raise (or an amendment) in the same transaction as its order-log row. Files are read through the file module's
 * FILE_OWNERS (exception-files.ts): whoever may read the order's problem items.
 */
export const busExceptionPhoto = recordPhotoTable('bus_exception_photo', 'orderId', {});
