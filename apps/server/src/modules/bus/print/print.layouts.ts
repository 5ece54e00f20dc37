import {
  computeFreight,
  formatMoney,
  isPositive,
  isZero,
  sum,
  type TLanguage,
  toVolumeString,
  toWeightString,
} from '@theone/contracts';
import { t } from '../../../platform/i18n';
import { documentHeader, fieldGrid, pageFooter, signatureLine, table } from '../../../platform/pdf/layout';
import { mm, type Pdf } from '../../../platform/pdf/pdf';
import { formatDateTime } from '../../../platform/time';
import type { TPrintOrder } from './print.data';

/**
 * What the four print calls draw (screens bus-container.md §0 'Print', orderInfo, inOrder, noMarkOrder):
 * - order label (100 × 75 mm, one per order): waybill barcode (Code 128), mark, pieces, destination (also in
 *   Thai, the labels travel there), transport mode, consignee, cargo; cargo without a mark prints 'NO MARK' and
 *   its receipt number as the barcode (the number the warehouse finds it by);
 * - piece label (one per piece): the same with 'n of N' and the barcode `{transportId}-{n}` the scan boxes read;
 * - warehouse receipt (A4, one page or more per order): receipt and order data, declared against received
 *   figures, cargo lines, signatures;
 * - fee sheet (A4): every fee with an amount and the total; unit prices and the charging basis only when the
 *   mark's isPrintPrice flag is on (and the caller has the fee role).
 * Texts are translation keys `print_*`, in the document's language.
 */

export interface PrintContext {
  /** 'YYYY-MM-DD HH:mm:ss' in the business time zone */
  formatTime(value: Date | string | null | undefined, dateOnly?: boolean): string;
  printedAt: string;
  userName: string;
}

/** A document's file name: its title (translation key), with the record's number when it holds one record. */
export const documentFileName = (key: string, lang: TLanguage, numbers: readonly string[]) =>
  numbers.length === 1 ? `${t(key, lang)}_${numbers[0]}` : t(key, lang);

/** The context of a document the caller prints now: times in the business time zone, printed by the caller. */
export const printContext = (auth: { nickName: string; userName: string }, timezone: string): PrintContext => ({
  formatTime: (value, dateOnly = false) => (value ? formatDateTime(value, timezone, dateOnly) : ''),
  printedAt: formatDateTime(new Date(), timezone).slice(0, 16),
  userName: auth.nickName || auth.userName,
});

/** The order's head in a field grid (receipt, fee sheet): waybill number, mark, transport mode, route. */
const orderHeadFields = (pdf: Pdf, o: TPrintOrder) => [
  { label: pdf.t('print_waybill'), value: o.transportId, bold: true },
  {
    label: pdf.t('print_mark'),
    value: o.hasMark ? [o.mark, o.markName].filter(Boolean).join('  ') : pdf.t('print_no_mark'),
    bold: true,
  },
  { label: pdf.t('print_transport_mode'), value: o.busTypeLabel },
  { label: pdf.t('print_route'), value: [o.leftName, o.destName].filter(Boolean).join(' → ') },
];

const weight = (v: unknown) => (v === null || v === undefined || v === '' ? '' : toWeightString(String(v)));
const volume = (v: unknown) => (v === null || v === undefined || v === '' ? '' : toVolumeString(String(v)));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

// ---------------------------------------------------------------------------------------------------------
// Labels

export interface LabelOptions {
  /** piece labels: this piece's number and the order's pieces */
  piece?: { n: number; total: number };
}

/** One label on the current page (the caller adds the page). */
export async function drawLabel(pdf: Pdf, o: TPrintOrder, ctx: PrintContext, options: LabelOptions = {}) {
  const doc = pdf.doc;
  const x = pdf.left;
  const w = pdf.contentWidth;
  const top = pdf.top;
  const piece = options.piece;
  const firstReceipt = text(o.row.receivingNo).split(',')[0] ?? '';
  const code = piece ? `${o.transportId}-${piece.n}` : !o.hasMark && firstReceipt ? firstReceipt : o.transportId;

  // Transport mode (inverse box) and order date.
  const mode = o.busTypeLabel || o.busType;
  const modeWidth = mode ? Math.min(pdf.measure(mode, 10, true) + mm(3), w * 0.6) : 0;
  if (mode) {
    doc.rect(x, top, modeWidth, mm(5.5)).fill('#000000');
    pdf.text(mode, x + mm(1.5), top + mm(0.4), {
      size: 10,
      bold: true,
      width: modeWidth - mm(2),
      shrink: 7,
      color: '#ffffff',
    });
  }
  pdf.text(ctx.formatTime(o.row.orderTime, true), x + modeWidth, top + mm(0.8), {
    size: 8,
    width: w - modeWidth,
    align: 'right',
  });

  // Barcode and its number (the waybill in small print when the barcode is another number).
  await pdf.barcode(code, x, top + mm(6.5), { width: w, height: mm(12) });
  const other = code !== o.transportId;
  pdf.text(code, x, top + mm(other ? 18.6 : 19.2), {
    size: other ? 11 : 12,
    bold: true,
    width: w,
    align: 'center',
    shrink: 8,
  });
  if (other)
    pdf.text(`${pdf.t('print_waybill')} ${o.transportId}`, x, top + mm(23.4), { size: 6.5, width: w, align: 'center' });
  const rule = (y: number) =>
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.8)
      .strokeColor('#000000')
      .stroke();
  rule(top + mm(26.8));

  // Mark and pieces.
  const boxTop = top + mm(27.6);
  const markWidth = w * 0.62;
  pdf.text(pdf.t('print_mark'), x, boxTop, { size: 7, width: markWidth });
  if (o.hasMark) {
    pdf.text(o.mark, x, boxTop + mm(2.6), { size: 30, bold: true, width: markWidth - mm(2), shrink: 12 });
  } else {
    pdf.text(pdf.t('print_no_mark'), x, boxTop + mm(2.6), {
      size: 24,
      bold: true,
      width: markWidth - mm(2),
      shrink: 10,
    });
  }
  doc
    .moveTo(x + markWidth, boxTop)
    .lineTo(x + markWidth, boxTop + mm(15.4))
    .lineWidth(0.8)
    .stroke();
  const px = x + markWidth + mm(2);
  const pw = w - markWidth - mm(2);
  if (piece) {
    pdf.text(pdf.t('print_piece_no'), px, boxTop, { size: 7, width: pw });
    pdf.text(`${piece.n}/${piece.total}`, px, boxTop + mm(2.6), { size: 26, bold: true, width: pw, shrink: 10 });
  } else {
    pdf.text(pdf.t('print_pieces'), px, boxTop, { size: 7, width: pw });
    pdf.text(String(o.pieces), px, boxTop + mm(2.6), { size: 26, bold: true, width: pw, shrink: 10 });
  }
  rule(top + mm(43.8));

  // Destination, consignee, cargo.
  let y = top + mm(44.6);
  const dest = [o.destName, pdf.lang !== 'th' && o.destNameTh && o.destNameTh !== o.destName ? o.destNameTh : '']
    .filter(Boolean)
    .join(' · ');
  pdf.text(pdf.t('print_destination'), x, y, { size: 7, width: w });
  y += mm(2.8);
  y += pdf.text(dest || '-', x, y, { size: 14, bold: true, width: w, shrink: 9 }).height - mm(0.6);
  const consignee = [text(o.row.consignee), text(o.row.consigneeTel)].filter(Boolean).join('  ');
  if (consignee) {
    y += pdf.text(`${pdf.t('print_consignee')}: ${consignee}`, x, y, { size: 8, width: w, maxLines: 1 }).height;
  }
  // Bottom line: 'n of N' or the warehouse, and the print time.
  const bottomY = pdf.bottom - mm(3.3);
  const cargo = [text(o.row.cargoName), o.cargoTypeLabel].filter(Boolean).join(' · ');
  if (cargo && y + pdf.lineHeight(8) <= bottomY + mm(0.3)) {
    pdf.text(`${pdf.t('print_cargo_name')}: ${cargo}`, x, y, { size: 8, width: w, maxLines: 1 });
  }

  const left = piece ? pdf.t('print_piece_of', { n: piece.n, total: piece.total }) : o.houseName;
  pdf.text(left, x, bottomY, { size: 7, bold: Boolean(piece), width: w * 0.6, maxLines: 1 });
  pdf.text(ctx.printedAt, x + w * 0.6, bottomY, { size: 6, width: w * 0.4, align: 'right', color: '#555555' });
}

// ---------------------------------------------------------------------------------------------------------
// Warehouse receipt

export async function drawReceipt(pdf: Pdf, o: TPrintOrder, ctx: PrintContext) {
  const r = o.row;
  let y = await documentHeader(pdf, pdf.top, {
    title: pdf.t('print_receipt_title'),
    subtitle: [pdf.t('print_company'), o.houseName].filter(Boolean).join(' · '),
    barcode: o.transportId,
  });
  y = fieldGrid(pdf, y, [
    { label: pdf.t('print_receipt_no'), value: text(r.receivingNo).replace(/,/g, ', '), bold: true },
    ...orderHeadFields(pdf, o),
    { label: pdf.t('print_warehouse'), value: o.houseName },
    { label: pdf.t('print_arrived_time'), value: ctx.formatTime(r.arrivedTime) },
    { label: pdf.t('print_tray_no'), value: text(r.trayNo) },
    { label: pdf.t('print_cargo_name'), value: text(r.cargoName) },
    { label: pdf.t('print_cargo_type'), value: o.cargoTypeLabel },
    {
      label: pdf.t('print_express'),
      value: [o.expressCorpLabel, text(r.expressNo).replace(/,/g, ', ')].filter(Boolean).join('  '),
      span: 2,
    },
    { label: pdf.t('print_consignee'), value: [text(r.consignee), text(r.consigneeTel)].filter(Boolean).join('  ') },
    { label: pdf.t('print_shipper'), value: [text(r.shipper), text(r.shipperTel)].filter(Boolean).join('  ') },
    { label: pdf.t('print_consignee_addr'), value: text(r.consigneeAddr), span: 2 },
  ]);
  y += mm(3);
  y = table(pdf, y, {
    columns: [
      { header: '', width: 2 },
      { header: pdf.t('print_pieces'), width: 1, align: 'right' },
      { header: pdf.t('print_weight_kg'), width: 1.3, align: 'right' },
      { header: pdf.t('print_volume_cbm'), width: 1.3, align: 'right' },
    ],
    rows: [
      [pdf.t('print_declared'), r.cargoPiece as number, weight(r.cargoWeight), volume(r.cargoVolume)],
      [pdf.t('print_received'), text(r.arrivedPiece), weight(r.arrivedWeight), volume(r.arrivedVolume)],
    ],
  });
  y += mm(3);
  pdf.text(pdf.t('print_cargo_lines'), pdf.left, y, { size: 10, bold: true });
  y += pdf.lineHeight(10);
  const lines = o.cargo;
  const totals = {
    piece: lines.reduce((n, l) => n + l.piece, 0),
    weight: sum(lines.map((l) => String(l.weight ?? 0))).toString(),
    volume: sum(lines.map((l) => String(l.volume ?? 0))).toString(),
  };
  y = table(pdf, y, {
    columns: [
      { header: pdf.t('print_line_no'), width: 0.6, align: 'right' },
      { header: pdf.t('print_receipt_no'), width: 2 },
      { header: pdf.t('print_pieces'), width: 0.9, align: 'right' },
      { header: pdf.t('print_size_cm'), width: 2 },
      { header: pdf.t('print_weight_kg'), width: 1.2, align: 'right' },
      { header: pdf.t('print_volume_cbm'), width: 1.2, align: 'right' },
    ],
    rows: lines.map((l, i) => [i + 1, l.receivingNo || '-', l.piece, l.size, weight(l.weight), volume(l.volume)]),
    footer: lines.length
      ? [pdf.t('print_total'), '', totals.piece, '', weight(totals.weight), volume(totals.volume)]
      : undefined,
    emptyText: '-',
  });
  if (text(r.cargoRemark)) {
    y += mm(2);
    y += pdf.text(`${pdf.t('print_remark')}: ${text(r.cargoRemark)}`, pdf.left, y, {
      size: 9,
      width: pdf.contentWidth,
    }).height;
  }
  y += mm(4);
  signatureLine(pdf, y, [pdf.t('print_sign_warehouse'), pdf.t('print_sign_deliverer'), pdf.t('print_date')]);
}

// ---------------------------------------------------------------------------------------------------------
// Fee sheet

/** The fee lines of a fee sheet, in the order of spec §3 'Order fees' (amounts of 0 left out). */
export const FEE_LINES = [
  ['feeFreightAr', 'print_fee_freight'],
  ['feePickAr', 'print_fee_pick'],
  ['feeSendAr', 'print_fee_send'],
  ['deliveryAr', 'print_fee_delivery'],
  ['feePackAr', 'print_fee_pack'],
  ['feeUnloadAr', 'print_fee_unload'],
  ['feeWoodenAr', 'print_fee_wooden'],
  ['feeChacheAr', 'print_fee_forklift'],
  ['feeInsuranceAr', 'print_fee_insurance'],
  ['feeReplaceAr', 'print_fee_replace'],
  ['feeOtherAr', 'print_fee_other'],
  ['chinaFeeAr', 'print_fee_china'],
  ['thFeeAr', 'print_fee_th'],
] as const;

export async function drawFeeSheet(pdf: Pdf, o: TPrintOrder, ctx: PrintContext, showPrices: boolean) {
  const r = o.row;
  const received = o.status >= 2 && r.arrivedWeight !== null && r.arrivedVolume !== null;
  const chargeWeight = received ? r.arrivedWeight : r.cargoWeight;
  const chargeVolume = received ? r.arrivedVolume : r.cargoVolume;
  let y = await documentHeader(pdf, pdf.top, {
    title: pdf.t('print_fee_title'),
    subtitle: pdf.t('print_company'),
    barcode: o.transportId,
  });
  y = fieldGrid(pdf, y, [
    ...orderHeadFields(pdf, o),
    { label: pdf.t('print_order_time'), value: ctx.formatTime(r.orderTime) },
    { label: pdf.t('print_arrived_time'), value: ctx.formatTime(r.arrivedTime) },
    { label: pdf.t('print_cargo_name'), value: [text(r.cargoName), o.cargoTypeLabel].filter(Boolean).join(' · ') },
    { label: pdf.t('print_pieces'), value: String(o.pieces) },
    { label: pdf.t('print_charge_weight'), value: `${weight(chargeWeight)} kg` },
    { label: pdf.t('print_charge_volume'), value: `${volume(chargeVolume)} m³` },
    {
      label: pdf.t('print_consignee'),
      value: [text(r.consignee), text(r.consigneeTel)].filter(Boolean).join('  '),
      span: 2,
    },
  ]);

  if (showPrices) {
    const items = [
      { label: pdf.t('print_volume_price'), value: r.volumePrice ? `${formatMoney(String(r.volumePrice))} / m³` : '-' },
      { label: pdf.t('print_weight_price'), value: r.weightPrice ? `${formatMoney(String(r.weightPrice))} / kg` : '-' },
    ];
    if (r.minAmount && isPositive(String(r.minAmount))) {
      items.push({ label: pdf.t('print_min_amount'), value: formatMoney(String(r.minAmount)) });
    }
    const basis = freightBasis(pdf, o, String(chargeWeight ?? '0'), String(chargeVolume ?? '0'));
    if (basis) items.push({ label: pdf.t('print_basis'), value: basis });
    y += mm(3);
    y = fieldGrid(
      pdf,
      y,
      items.map((i, n) => ({ ...i, span: n === items.length - 1 && items.length % 2 === 1 ? 2 : 1 })),
    );
  }

  y += mm(3);
  const currency = text(r.currency) || 'RMB';
  const lines = FEE_LINES.filter(([field]) => !isZero(String(r[field] ?? 0))).map(([field, key]) => [
    pdf.t(key),
    formatMoney(String(r[field])),
  ]);
  y = table(pdf, y, {
    columns: [
      { header: pdf.t('print_fee_item'), width: 3 },
      { header: `${pdf.t('print_amount')} (${currency})`, width: 2, align: 'right' },
    ],
    rows: lines,
    emptyText: '-',
    footer: [pdf.t('print_fee_total'), formatMoney(String(r.feeArAmount ?? '0'))],
  });
  if (currency !== 'RMB') {
    y += mm(2);
    y += pdf.text(
      pdf.t('print_rmb_line', { rate: text(r.currencyRate), amount: formatMoney(String(r.rmbAmount ?? '0')) }),
      pdf.left,
      y,
      { size: 9, width: pdf.contentWidth, align: 'right' },
    ).height;
  }
  y += mm(4);
  signatureLine(pdf, y, [pdf.t('print_sign_customer'), pdf.t('print_date')]);
}

/** 'By volume 1.235 m³ × 850.00 = 1,049.75' (and the minimum when it applied); '' when freight was typed or unpriced. */
function freightBasis(pdf: Pdf, o: TPrintOrder, chargeWeight: string, chargeVolume: string): string {
  const r = o.row;
  if (r.freightManual === '1' || (!r.volumePrice && !r.weightPrice)) return '';
  try {
    const f = computeFreight({
      calPriceType: text(r.calPriceType) || '3',
      weight: chargeWeight,
      volume: chargeVolume,
      minAmount: r.minAmount as string | null,
      price: {
        volumePrice: r.volumePrice as string | null,
        weightPrice: r.weightPrice as string | null,
        volWgtRate: r.volWgtRate as string | null,
        wgtVolRate: r.wgtVolRate as string | null,
      },
    });
    const unit = f.basis === 'volume' ? 'm³' : 'kg';
    const line = pdf.t(f.basis === 'volume' ? 'print_basis_volume' : 'print_basis_weight', {
      quantity: `${f.quantity} ${unit}`,
      price: formatMoney(f.unitPrice),
      amount: formatMoney(f.amount),
    });
    return f.minimumApplied ? `${line}; ${pdf.t('print_basis_minimum', { amount: formatMoney(f.freight) })}` : line;
  } catch {
    return '';
  }
}

/** Footer on every page of receipts and fee sheets: who printed it and when. */
export function documentFooter(pdf: Pdf, ctx: PrintContext) {
  pdf.onPage((p) => pageFooter(p, p.t('print_printed_by', { user: ctx.userName, time: ctx.printedAt }), 'TheOne'));
}
