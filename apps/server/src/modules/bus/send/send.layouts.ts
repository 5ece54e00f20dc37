import { formatMoney, sum } from '@theone/contracts';
import type { TSendOrderLine, TSendRow } from '@theone/contracts/bus/send.schemas';
import { documentHeader, fieldGrid, signatureLine, table } from '../../../platform/pdf/layout';
import type { Pdf } from '../../../platform/pdf/pdf';
import { mm } from '../../../platform/pdf/pdf';

/**
 * The delivery documents (screens sendOrder 'Print run sheet', send 'Print delivery notes'): the run sheet (one
 * section per run: stops in order with consignee, phone, address, pieces, amount to collect and a signature
 * column) and the delivery note (one page per order: consignee, address, pieces, amount to collect, signature box).
 * Thai by default (the web sends th); no fee figure is printed (the amount to collect is not a fee).
 */

export interface TSendPrintCtx {
  formatTime: (value: Date | string | null | undefined, dateOnly?: boolean) => string;
}

const amount = (v: string | null) => (v ? formatMoney(v) : '');

/** One run's sheet: header, driver and vehicle, the stops table, totals and signatures. */
export async function drawRunSheet(pdf: Pdf, run: TSendRow, lines: readonly TSendOrderLine[], ctx: TSendPrintCtx) {
  let y = await documentHeader(pdf, pdf.top, { title: pdf.t('send_print_run_title'), barcode: run.sendNo });
  y = fieldGrid(
    pdf,
    y,
    [
      { label: pdf.t('send_field_send_no'), value: run.sendNo, bold: true },
      { label: pdf.t('send_field_send_time'), value: ctx.formatTime(run.sendTime).slice(0, 16) },
      { label: pdf.t('send_field_driver'), value: [run.driverName, run.driverPhone].filter(Boolean).join(' ') },
      { label: pdf.t('send_field_plate'), value: run.plateNo },
      { label: pdf.t('send_field_remark'), value: run.sendRemark, span: 2 },
    ],
    { columns: 2 },
  );
  let pieces = 0;
  const rows = lines.map((l, i) => {
    pieces += l.pieces ?? 0;
    return [
      i + 1,
      l.transportId,
      l.consignee,
      l.consigneeTel,
      l.consigneeAddr,
      l.pieces ?? '',
      amount(l.sendPartAmount),
      '',
    ];
  });
  const collect = lines.flatMap((l) => (l.sendPartAmount ? [l.sendPartAmount] : []));
  y = table(pdf, y + mm(3), {
    columns: [
      { header: pdf.t('send_print_stop'), width: 4, align: 'center' },
      { header: pdf.t('print_waybill'), width: 14 },
      { header: pdf.t('print_consignee'), width: 12 },
      { header: pdf.t('send_print_tel'), width: 11 },
      { header: pdf.t('print_consignee_addr'), width: 25 },
      { header: pdf.t('print_pieces'), width: 6, align: 'right' },
      { header: pdf.t('send_field_part_amount'), width: 10, align: 'right' },
      { header: pdf.t('send_print_signature'), width: 14 },
    ],
    rows,
    footer: ['', pdf.t('send_print_total'), '', '', `${lines.length}`, pieces, formatMoney(sum(collect)), ''],
    emptyText: '-',
  });
  signatureLine(pdf, y + mm(8), [pdf.t('send_print_dispatcher'), pdf.t('send_field_driver'), pdf.t('print_date')]);
}

/** One order's delivery note. */
export async function drawDeliveryNote(pdf: Pdf, l: TSendOrderLine, ctx: TSendPrintCtx) {
  let y = await documentHeader(pdf, pdf.top, { title: pdf.t('send_print_note_title'), barcode: l.transportId });
  y = fieldGrid(
    pdf,
    y,
    [
      { label: pdf.t('print_waybill'), value: l.transportId, bold: true },
      { label: pdf.t('send_field_send_no'), value: l.sendNo },
      { label: pdf.t('print_consignee'), value: l.consignee },
      { label: pdf.t('send_print_tel'), value: l.consigneeTel },
      { label: pdf.t('print_consignee_addr'), value: l.consigneeAddr, span: 2 },
      { label: pdf.t('print_pieces'), value: l.pieces ?? l.arrivedPiece ?? '' },
      { label: pdf.t('send_field_part_amount'), value: amount(l.sendPartAmount), bold: true },
      { label: pdf.t('send_field_send_time'), value: ctx.formatTime(l.sendTime).slice(0, 16) },
      { label: pdf.t('send_field_driver'), value: [l.driverName, l.plateNo].filter(Boolean).join(' ') },
    ],
    { columns: 2 },
  );
  // the signature box: received in good order, pieces, name, ID, date
  const top = y + mm(6);
  pdf.doc.rect(pdf.left, top, pdf.contentWidth, mm(40)).lineWidth(0.8).stroke();
  pdf.text(pdf.t('send_print_received_text'), pdf.left + mm(3), top + mm(3), {
    size: 10,
    width: pdf.contentWidth - mm(6),
  });
  signatureLine(pdf, top + mm(28), [pdf.t('send_print_signature'), pdf.t('send_print_idcard'), pdf.t('print_date')]);
}
