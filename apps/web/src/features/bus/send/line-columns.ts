import type { ListColumn, SearchField } from '../../../components/ListPage';
import type { TSendLine } from './api';

/** What the lists of send lines (the send desk, sign-list) show and search alike. */

/** The waybill number search (several numbers at once). */
export const WAYBILL_SEARCH: SearchField = { type: 'numbers', name: 'transportId', label: 'print_waybill' };

/** The mark, consignee and phone searches. */
export const CONSIGNEE_SEARCH: SearchField[] = [
  { name: 'mark', label: 'send_field_mark' },
  { name: 'consignee', label: 'print_consignee' },
  { name: 'consigneeTel', label: 'send_print_tel' },
];

/** The first columns: waybill, mark, consignee, phone and the address (`addressWidth` wide). */
export const sendLineColumns = (addressWidth: number): ListColumn<TSendLine>[] => [
  { key: 'transportId', title: 'print_waybill', width: 150 },
  { key: 'mark', title: 'send_field_mark', width: 90 },
  { key: 'consignee', title: 'print_consignee', width: 120 },
  { key: 'consigneeTel', title: 'send_print_tel', width: 120 },
  { key: 'consigneeAddr', title: 'print_consignee_addr', width: addressWidth },
];
