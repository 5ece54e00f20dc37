import {
  hasAnyPermission,
  type TLanguage,
  ZArriveActionAnswer,
  ZArriveCancelBody,
  ZArriveDetailAnswer,
  ZArriveEditBody,
  ZArriveExportBody,
  ZArriveListAnswer,
  ZArriveListQuery,
  ZArriveLocationAnswer,
  ZArriveLocationBody,
  ZArriveOrderListAnswer,
  ZArriveOrderQuery,
  ZArriveSureBody,
  zIdParam,
} from '@theone/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { forbidden } from '../../../platform/errors';
import { type ExcelColumn, sendExcel } from '../../../platform/excel/excel';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { busActions, busList, busRecord } from '../bus-routes';
import { orderCtx, title } from '../inware/inware-route-keys';
import { arriveDetail, arriveOrdersForExport, arriveRowsForExport, listArrive, listArriveOrders } from './arrive.read';
import { cancelArrive, deleteArrive, editArrive, setLocation, sureArrive } from './arrive.service';

/**
 * `/bus/arrive/*` (screens arriveList, arriveDetails, arriveOrder; spec §7 'Arrive': GET list, /{id}; POST sure,
 * edit, delete/{id}, cancel/{id}, export), plus the arriveOrder screen's order list (`GET arrive/orderList`, our
 * reading of the screens' `inware/list {view:'arrive'}`, kept in this module) and its 'Set location'
 * (`POST arrive/location`). Rules in arrive.service.ts, reads in arrive.read.ts.
 */

/** Rows an export writes at most (the list's filters narrow it further). */
export const ARRIVE_EXPORT_MAX = 20_000;

type Row = Record<string, unknown>;

const recordColumns = (lang: TLanguage): ExcelColumn<Row>[] => [
  { key: 'loadNo', header: 'field_load_no', width: 15 },
  { key: 'containerNo', header: 'field_container_no', width: 14 },
  { key: 'sealNo', header: 'field_seal_no', width: 12 },
  { key: 'truckNo', header: 'field_truck_no', width: 12 },
  { key: 'containerType', header: 'field_container_type', type: 'dict', dict: 'container_type', width: 14 },
  { key: 'busType', header: 'field_bus_type', type: 'dict', dict: 'bus_type', width: 10 },
  { key: 'leftAddrName', header: 'field_left_addr_id', width: 10 },
  { key: 'destAddrName', header: 'field_dest_addr_id', width: 10 },
  { key: 'unloadPort', header: 'field_unload_port', width: 14 },
  { key: 'leftTime', header: 'field_left_time', type: 'datetime' },
  { key: 'etaDate', header: 'field_eta_date', type: 'date', width: 12 },
  { key: 'trackStatus', header: 'track_latest', type: 'dict', dict: 'track_status', width: 16 },
  { key: 'status', header: 'arrive_status', type: 'dict', dict: 'arrive_status', width: 12 },
  { key: 'pickupTime', header: 'arrive_pickup_time', type: 'datetime' },
  { key: 'vehiclePlate', header: 'arrive_vehicle', width: 12 },
  { key: 'driverName', header: 'arrive_driver', width: 12 },
  { key: 'houseName', header: 'arrive_house', width: 14 },
  { key: 'unloadTime', header: 'arrive_unload_time', type: 'datetime' },
  {
    key: 'sealIntact',
    header: 'arrive_seal_intact',
    width: 10,
    value: (r) => (r.sealIntact === null ? '' : t(r.sealIntact === '1' ? 'bus_yes' : 'bus_no', lang)),
  },
  { key: 'arrivedCount', header: 'arrive_orders_in', type: 'integer', width: 9 },
  { key: 'orderCount', header: 'field_order_count', type: 'integer', width: 9 },
  { key: 'pieces', header: 'field_piece', type: 'integer', width: 9 },
  { key: 'weight', header: 'field_weight', type: 'number', width: 12 },
  { key: 'volume', header: 'field_volume', type: 'number', width: 12 },
  { key: 'remark', header: 'field_remark', width: 24 },
];

const ORDER_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'transportId', header: 'field_transport_id', width: 17 },
  { key: 'mark', header: 'field_mark', width: 10 },
  { key: 'consignee', header: 'field_consignee', width: 16 },
  { key: 'consigneeTel', header: 'field_consignee_tel', width: 14 },
  { key: 'consigneeAddr', header: 'field_consignee_addr', width: 30 },
  { key: 'containerNo', header: 'field_container_no', width: 14 },
  { key: 'status', header: 'field_status', type: 'dict', dict: 'order_status', width: 12 },
  { key: 'arrivedPiece', header: 'field_arrived_piece', type: 'integer', width: 9 },
  { key: 'scannedPieces', header: 'arrive_scanned', type: 'integer', width: 9 },
  { key: 'arrivedWeight', header: 'field_arrived_weight', type: 'number', width: 12 },
  { key: 'arrivedVolume', header: 'field_arrived_volume', type: 'number', width: 12 },
  { key: 'arriveTime', header: 'arrive_time', type: 'datetime' },
  { key: 'arriveHouseName', header: 'arrive_house', width: 14 },
  { key: 'daysInStock', header: 'arrive_days_in_stock', type: 'integer', width: 9 },
  { key: 'trayNo', header: 'arrive_location', width: 10 },
  { key: 'deliveryStatus', header: 'field_delivery_status', type: 'dict', dict: 'send_status', width: 12 },
  { key: 'ifException', header: 'field_if_exception', width: 8 },
  { key: 'balanceType', header: 'field_balance_type', type: 'dict', dict: 'balance_type', width: 10 },
  { key: 'collectAmount', header: 'arrive_collect_thb', type: 'money', width: 12 },
  { key: 'thFeeAr', header: 'field_th_fee_ar', type: 'money', width: 12 },
  { key: 'feeArAmount', header: 'field_fee_ar_amount', type: 'money', width: 12 },
  { key: 'currency', header: 'field_currency', width: 8, fee: true },
];

/** The export's two sheets: the pick-up records, or (view 'orders') the overseas warehouse's orders; each its key. */
interface TArriveSheet {
  permission: string;
  fileName: string;
  sheetName: string;
  columns: (lang: TLanguage) => ExcelColumn<Row>[];
}
const RECORDS_SHEET: TArriveSheet = {
  permission: 'bus:arrive:export',
  fileName: 'arrive_xls_file',
  sheetName: 'menu_arrive_list',
  columns: recordColumns,
};
const ORDERS_SHEET: TArriveSheet = {
  permission: 'bus:arriveOrder:export',
  fileName: 'arrive_xls_orders_file',
  sheetName: 'menu_arrive_order',
  columns: () => ORDER_COLUMNS,
};

export const arriveRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ctxOf = orderCtx(deps);
  const action = busActions(app, deps, 'menu_arrive_list');

  busList(app, deps, {
    url: '/bus/arrive/list',
    access: { permission: 'bus:arrive', operlog: false },
    summary: 'Pick-up records of departed containers with their route, milestone, pick-up data and order counts',
    query: ZArriveListQuery,
    answer: ZArriveListAnswer,
    read: listArrive,
  });

  busList(app, deps, {
    url: '/bus/arrive/orderList',
    access: { permission: ['bus:arriveOrder', 'bus:arrive', 'arrive:info'], operlog: false },
    summary: 'Orders to receive (S5 of picked-up containers), in overseas stock (S6) or all, with their arrival',
    query: ZArriveOrderQuery,
    answer: ZArriveOrderListAnswer,
    read: listArriveOrders,
  });

  action({
    url: '/bus/arrive/edit',
    permission: 'bus:arrive:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Register the pick-up (time, vehicle, driver, overseas warehouse, seal, photos): P0 -> P1',
    body: ZArriveEditBody,
    answer: ZArriveActionAnswer,
    run: editArrive,
  });

  action({
    url: '/bus/arrive/sure',
    permission: ['bus:arrive:sure', 'bus:arriveOrder:sure'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A17 confirm arrival: a whole container, ticked orders or one scanned code (S5 -> S6)',
    body: ZArriveSureBody,
    answer: ZArriveActionAnswer,
    run: sureArrive,
  });

  action({
    url: '/bus/arrive/cancel/:id',
    permission: ['bus:arrive:cancel', 'bus:arriveOrder:cancel'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A18 cancel arrival of ticked or all arrived orders not in a delivery run (S6 -> S5)',
    params: zIdParam,
    body: ZArriveCancelBody,
    answer: ZArriveActionAnswer,
    run: cancelArrive,
  });

  action({
    url: '/bus/arrive/delete/:id',
    permission: 'bus:arrive:delete',
    type: BUSINESS_TYPE.DELETE,
    summary: 'Clear a pick-up registration back to P0 while no order arrived',
    params: zIdParam,
    answer: ZArriveActionAnswer,
    run: deleteArrive,
  });

  action({
    url: '/bus/arrive/location',
    permission: 'bus:arriveOrder:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Set the overseas shelf location (trayNo) of orders in the overseas warehouse (S6)',
    body: ZArriveLocationBody,
    answer: ZArriveLocationAnswer,
    run: setLocation,
  });

  app.post(
    '/bus/arrive/export',
    spec(
      {
        permission: ['bus:arrive:export', 'bus:arriveOrder:export'],
        operlog: title('menu_arrive_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      "Export pick-up records, or (view 'orders') the overseas warehouse's orders (.xlsx)",
      { body: ZArriveExportBody },
    ),
    async (req, reply) => {
      const ctx = ctxOf(req);
      const body = req.body;
      const sheet = body.view === 'orders' ? ORDERS_SHEET : RECORDS_SHEET;
      if (!hasAnyPermission(req.auth.permissions, [sheet.permission])) throw forbidden();
      const rows = (body.view === 'orders'
        ? await arriveOrdersForExport(ctx, body, ARRIVE_EXPORT_MAX)
        : await arriveRowsForExport(ctx, body, ARRIVE_EXPORT_MAX)) as unknown as Row[];
      const { fileName, sheetName } = sheet;
      const { db, config } = deps;
      return sendExcel(req, reply, {
        fileName,
        sheetName,
        db,
        timezone: config.timezone,
        columns: sheet.columns(req.lang),
        rows,
      });
    },
  );

  busRecord(app, deps, {
    url: '/bus/arrive/:id',
    access: { permission: ['bus:arrive', 'arrive:info'], operlog: false },
    summary: 'A pick-up record with its photos, the orders of the container (S5/S6 and later) and the log',
    answer: ZArriveDetailAnswer,
    read: arriveDetail,
    msg: 'msg_query_success',
  });
};
