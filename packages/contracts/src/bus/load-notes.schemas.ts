import { z } from 'zod';
import { zId } from '../common/page';
import { okEnvelope, zDecimal } from '../common/responses';
import { LANGUAGES } from '../common/translation-sheet';

/**
 * Delivery notes of a whole container (screen loadList/loadDetails 'Print delivery notes'; spec §7 load/previewSend
 * and load/printSend): once the container reached the destination (L4/L5), one note per order of it, the same page
 * as `inware/printsend` prints for the orders of a delivery run. The preview lists the caller's orders of the
 * container with what each note will say; the print takes the ticked ones (default: every order not signed yet).
 */

/** Notes in one PDF: a 40HQ holds a few hundred orders; more is a mistake. */
export const MAX_LOAD_NOTES = 500;

export const ZLoadNotesPreviewBody = z.object({ loadId: zId }).strict();
export type TLoadNotesPreviewBody = z.infer<typeof ZLoadNotesPreviewBody>;

export const ZLoadNotesPrintBody = z
  .object({
    loadId: zId,
    /** The orders to print (each must be the container's and the caller's); default every unsigned one. */
    orderIds: z.array(zId).min(1, 'msg_select_data_first').max(MAX_LOAD_NOTES).optional(),
    /** Template language; Thai by default (the notes are signed by Thai consignees). */
    lang: z.enum(LANGUAGES).default('th'),
  })
  .strict();
export type TLoadNotesPrintBody = z.input<typeof ZLoadNotesPrintBody>;

export const ZLoadNoteRow = z.object({
  orderId: z.number().int(),
  transportId: z.string(),
  mark: z.string(),
  /** order status S5-S8 */
  status: z.number().int(),
  consignee: z.string().nullable(),
  consigneeTel: z.string().nullable(),
  consigneeAddr: z.string().nullable(),
  pieces: z.number().int(),
  /** THB to collect from the consignee: the delivery line's amount, else an arrive-pay order's receivables */
  collectAmount: zDecimal.nullable(),
  /** the open delivery run, '' before one */
  sendNo: z.string(),
  signed: z.boolean(),
});
export type TLoadNoteRow = z.infer<typeof ZLoadNoteRow>;

export const ZLoadNotesPreview = z.object({
  loadId: z.number().int(),
  loadNo: z.string(),
  containerNo: z.string().nullable(),
  truckNo: z.string().nullable(),
  status: z.number().int(),
  rows: z.array(ZLoadNoteRow),
  /** the rows printed by default (not signed) */
  unsigned: z.number().int(),
});
export type TLoadNotesPreview = z.infer<typeof ZLoadNotesPreview>;
export const ZLoadNotesPreviewAnswer = okEnvelope(ZLoadNotesPreview);
