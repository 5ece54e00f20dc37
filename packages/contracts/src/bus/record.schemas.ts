import { z } from 'zod';
import { zVersion } from '../bas/common.schemas';
import { emptyToUndefined, zId } from '../common/page';
import { okEnvelope, ZRecordLogRow, zDecimal } from '../common/responses';
import { zOptionalDateTime } from './inware.schemas';

/**
 * Pieces the records of the container's journey share (load plan and load, pick-up, delivery run, track): the
 * fields of their bodies and filters, and the columns of their answers.
 */

// ---------------------------------------------------------------------------------------------------------
// Requests

/** A time in a body that must be given (see zOptionalDateTime). */
export const zRequiredDateTime = zOptionalDateTime.refine((v) => v !== undefined && v !== null, 'err_required');

/** A status filter of one or several one-digit codes, comma separated ('0,1'). */
export const zDigitsFilter = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d(,\d)*$/, 'err_invalid_value')
    .max(20)
    .optional(),
);

/** The ticked rows of an export: ids comma separated (or an array), at most 500. */
export const zIdsText = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(zId).max(500).optional(),
);

/** The records an action over several of them names (track/save, send/sure): at least one, at most 100. */
export const zRecordIds = z.array(zId).min(1, 'msg_select_data_first').max(100);

/** The ticked orders of an action (at least one, at most `max`) with the versions read (optimistic locking). */
export const tickedOrders = (max: number) => ({
  orderIds: z.array(zId).min(1, 'msg_select_data_first').max(max),
  versions: z.array(zVersion).max(max).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Answers

/** The pieces, weight and volume of a record's orders, summed (a load, a pick-up, a delivery run). */
export const cargoFigures = {
  pieces: z.number().int(),
  weight: zDecimal,
  volume: zDecimal,
};

/** The orders, pieces, weight and volume summed over rows (list sums, a mark's summary, a delivery run). */
export const cargoSums = {
  orders: z.number().int(),
  ...cargoFigures,
};

/**
 * What an action on a record did: the record (its number under `noKey`: loadNo, sendNo), its new status and
 * version, and how many orders the action changed.
 */
export const recordActionFields = <const K extends string>(noKey: K) => ({
  id: z.number().int(),
  ...({ [noKey]: z.string() } as { [P in K]: z.ZodString }),
  status: z.number().int(),
  version: z.number().int(),
  /** orders the action changed */
  done: z.number().int(),
});

/** A row of a load's or a pick-up's own log (ZRecordLogRow) with the row's id. */
export const ZRecordLogRowWithId = ZRecordLogRow.extend({ id: z.number().int() });

/** Ids in the answer of an action over several records, and how many orders it changed. */
export const ZIdsDoneAnswer = okEnvelope(z.object({ ids: z.array(z.number().int()), done: z.number().int() }));
