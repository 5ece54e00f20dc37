import type { ExcelColumn } from '../../../platform/excel/excel';

/** The exception list's export (screens exception-list 'Export'): the list's columns, headers as translation keys. */
export const EXCEPTION_EXCEL_COLUMNS: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'transportId', header: 'field_transport_id', width: 18 },
  { key: 'mark', header: 'field_mark', width: 10 },
  { key: 'status', header: 'exception_order_status', type: 'dict', dict: 'order_status', width: 12 },
  { key: 'containerNo', header: 'field_container_no', width: 16 },
  { key: 'exceptionType', header: 'field_exception_type', type: 'dict', dict: 'exception_type', width: 16 },
  { key: 'exceptionDesc', header: 'field_exception_desc', width: 30 },
  { key: 'exceptionStatus', header: 'field_exception_status', type: 'dict', dict: 'exception_status', width: 12 },
  { key: 'exceptionRaiseBy', header: 'exception_raised_by', width: 12 },
  { key: 'exceptionRaiseTime', header: 'exception_raised_at', type: 'datetime', width: 20 },
  { key: 'exceptionHandler', header: 'field_exception_handler', width: 12 },
  { key: 'exceptionHandleTime', header: 'exception_handled_at', type: 'datetime', width: 20 },
  { key: 'handleRemark', header: 'field_handle_remark', width: 30 },
  { key: 'daysOpen', header: 'exception_days_open', type: 'integer', width: 10 },
  { key: 'consignee', header: 'field_consignee', width: 16 },
  { key: 'serviceName', header: 'exception_service', width: 12 },
];
