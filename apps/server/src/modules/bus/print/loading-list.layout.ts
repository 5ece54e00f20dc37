import { LOAD_STATUS, toVolumeString, toWeightString } from '@theone/contracts';
import { documentHeader, ensureSpace, fieldGrid, signatureLine, table } from '../../../platform/pdf/layout';
import { mm, type Pdf } from '../../../platform/pdf/pdf';
import type { TLoadDocMark, TLoadDocument } from '../load/load-io.service';
import type { PrintContext } from './print.layouts';

/**
 * The loading list of one container or truck (screens loadplanDetails / loadList 'Print loading list', arriveDetails
 * 'Print check list'), A4, in the document's language:
 * - header: load number (barcode), container, seal and plate numbers, container type, transport mode, route,
 *   loading warehouse, loading time and person, vessel and voyage, ports, ETD;
 * - a summary by mark (orders, pieces, weight, volume, loaded) with the overall total;
 * - the orders grouped by mark (waybill, cargo, pieces, weight, volume, tray / location, a tick when loaded and an
 *   empty box for the crew to tick by hand), each mark closed by its subtotal;
 * - signature lines: loaded by, checked by, driver.
 * A plan that is not loaded yet (L0) prints the same list titled 'Planned loading list': the crew picks its cargo
 * from the trays with it. A scoped caller's list holds only their customers' orders (load-io.service.ts).
 * Texts are translation keys `load_print_*` and the order prints' `print_*`.
 */

const weight = (v: string) => toWeightString(v);
const volume = (v: string) => toVolumeString(v);
/** The loaded tick (a glyph of the Chinese face, readable in every language). */
const TICK = '√';

export async function drawLoadingList(pdf: Pdf, doc: TLoadDocument, ctx: PrintContext): Promise<void> {
  const l = doc.load;
  const planned = l.status === LOAD_STATUS.PLANNING;
  let y = await documentHeader(pdf, pdf.top, {
    title: pdf.t(planned ? 'load_print_title_plan' : 'load_print_title'),
    subtitle: [pdf.t('print_company'), doc.houseName].filter(Boolean).join(' · '),
    barcode: l.loadNo,
  });
  const vessel = [l.vesselName, l.voyageNo].filter(Boolean).join(' / ');
  const ports = [l.loadPort, l.unloadPort].filter(Boolean).join(' → ');
  y = fieldGrid(pdf, y, [
    { label: pdf.t('field_container_no'), value: l.containerNo || '-', bold: true },
    { label: pdf.t('field_seal_no'), value: l.sealNo || '-', bold: true },
    { label: pdf.t('field_truck_no'), value: l.truckNo || '-' },
    { label: pdf.t('field_container_type'), value: doc.containerTypeLabel },
    { label: pdf.t('field_load_no'), value: `${l.loadNo}  ${doc.statusLabel}` },
    { label: pdf.t('print_transport_mode'), value: doc.busTypeLabel },
    { label: pdf.t('print_route'), value: [doc.leftName, doc.destName].filter(Boolean).join(' → ') },
    { label: pdf.t('field_load_house_id'), value: doc.houseName },
    { label: pdf.t('field_load_time'), value: ctx.formatTime(l.loadTime).slice(0, 16) },
    { label: pdf.t('field_load_person'), value: l.loadPerson },
    { label: pdf.t('load_print_vessel'), value: vessel || '-' },
    { label: pdf.t('field_etd_date'), value: ctx.formatTime(l.etdDate, true) || '-' },
    ...(ports ? [{ label: pdf.t('load_print_ports'), value: ports, span: 2 }] : []),
  ]);

  y += mm(2);
  y += pdf.text(
    pdf.t('load_print_count', {
      orders: doc.orderCount,
      loaded: doc.loadedCount,
      marks: doc.marks.length,
    }),
    pdf.left,
    y,
    { size: 9, width: pdf.contentWidth },
  ).height;

  // Summary by mark, with the overall total.
  y += mm(1);
  pdf.text(pdf.t('load_print_mark_summary'), pdf.left, y, { size: 10, bold: true });
  y += pdf.lineHeight(10);
  y = table(pdf, y, {
    columns: [
      { header: pdf.t('print_mark'), width: 2.4 },
      { header: pdf.t('load_print_orders'), width: 1, align: 'right' },
      { header: pdf.t('print_pieces'), width: 1, align: 'right' },
      { header: pdf.t('print_weight_kg'), width: 1.4, align: 'right' },
      { header: pdf.t('print_volume_cbm'), width: 1.4, align: 'right' },
      { header: pdf.t('load_print_loaded_count'), width: 1, align: 'right' },
    ],
    rows: doc.marks.map((m) => [
      markTitle(pdf, m),
      m.orders.length,
      m.pieces,
      weight(m.weight),
      volume(m.volume),
      m.loaded,
    ]),
    footer: [pdf.t('print_total'), doc.orderCount, doc.pieces, weight(doc.weight), volume(doc.volume), doc.loadedCount],
    emptyText: pdf.t('load_print_empty'),
  });

  // The orders, mark by mark.
  const columns = [
    { header: pdf.t('print_line_no'), width: 0.6, align: 'right' as const },
    { header: pdf.t('print_waybill'), width: 2.1 },
    { header: pdf.t('print_cargo_name'), width: 2.2 },
    { header: pdf.t('print_pieces'), width: 0.8, align: 'right' as const },
    { header: pdf.t('print_weight_kg'), width: 1.2, align: 'right' as const },
    { header: pdf.t('print_volume_cbm'), width: 1.1, align: 'right' as const },
    { header: pdf.t('print_tray_no'), width: 1.4 },
    { header: pdf.t('load_print_loaded'), width: 0.8, align: 'center' as const },
  ];
  let n = 0;
  for (const m of doc.marks) {
    y = ensureSpace(pdf, y + mm(3), pdf.lineHeight(10) + 3 * pdf.lineHeight(9));
    pdf.text(markTitle(pdf, m), pdf.left, y, { size: 10, bold: true, width: pdf.contentWidth, maxLines: 1 });
    y += pdf.lineHeight(10);
    y = table(pdf, y, {
      columns,
      rows: m.orders.map((o) => [
        ++n,
        o.transportId,
        [o.cargoName, o.cargoTypeLabel].filter(Boolean).join(' · '),
        o.pieces,
        weight(o.weight),
        volume(o.volume),
        o.trayNo,
        o.loaded ? TICK : '',
      ]),
      footer: [
        '',
        pdf.t('load_print_mark_subtotal', { mark: m.mark || pdf.t('print_no_mark') }),
        '',
        m.pieces,
        weight(m.weight),
        volume(m.volume),
        '',
        `${m.loaded}/${m.orders.length}`,
      ],
    });
  }

  y += mm(4);
  signatureLine(pdf, y, [
    pdf.t('load_print_sign_loader'),
    pdf.t('load_print_sign_checker'),
    pdf.t('load_print_sign_driver'),
    pdf.t('print_date'),
  ]);
}

function markTitle(pdf: Pdf, m: TLoadDocMark): string {
  if (!m.mark) return pdf.t('print_no_mark');
  return m.markName && m.markName !== m.mark ? `${m.mark}  ${m.markName}` : m.mark;
}
