import {
  ZOrderDeliveryAnswer,
  ZSendActionAnswer,
  ZSendAddBody,
  ZSendDeskAnswer,
  ZSendDeskQuery,
  ZSendDetailAnswer,
  ZSendEditBody,
  ZSendIdsAnswer,
  ZSendListAnswer,
  ZSendListQuery,
  ZSendOptionsAnswer,
  ZSendOrdersBody,
  ZSendSureBody,
  ZSignActionAnswer,
  ZSignFailBody,
  ZSignListAnswer,
  ZSignListQuery,
  ZSignSaveBody,
} from '@theone/contracts/bus/send.schemas';
import { zIdParam, zIdsParam } from '@theone/contracts/common/page';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { addDays, todayIn } from '../../../platform/time';
import { sendOptions } from '../../bas/api/send-refs';
import { busActions, busList, busRecord } from '../bus-routes';
import { deskList, listRuns, orderDeliveryLines, runDetail, signList } from './send.read';
import { addOrdersToRunById, addRun, deleteRuns, editRun, removeOrdersFromRun, sureRuns } from './send.service';
import { cancelSigns, saveSign, signFail } from './sign.service';

/**
 * Delivery runs (`/bus/send/*`, screens sendOrder and send; A19-A22) and signing (`/bus/sign/*`, screen sign-list;
 * A23-A25). The exports, prints and the POD upload are in send-io.routes.ts.
 *
 * Keys (screens §5): sendOrder bus:sendOrder[:add|edit|delete|sure|cancel]; the send desk bus:send[:add|addOrder|
 * back]; sign-list bus:sign[:sign|batch|fail|delete]. A driver holds bus:sendOrder and bus:sign with the sign
 * buttons, and sees the runs of the drivers linked to their user only (send-record.ts).
 */
export const sendRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const action = busActions(app, deps, 'menu_send_order');
  const signAction = busActions(app, deps, 'menu_sign_list');

  busList(app, deps, {
    url: '/bus/send/list',
    access: { permission: 'bus:sendOrder' },
    summary: 'Delivery runs in scope (a driver: their own) with the sums of their lines',
    query: ZSendListQuery,
    answer: ZSendListAnswer,
    read: listRuns,
  });

  app.get(
    '/bus/send/options',
    spec(
      { permission: ['bus:sendOrder:add', 'bus:sendOrder:edit', 'bus:send:add'] },
      'Enabled drivers and vehicles for the run dialog, and the default send time (tomorrow 08:00)',
      { response: answers(ZSendOptionsAnswer) },
    ),
    async (req) => {
      const tz = deps.config.timezone;
      return ok(req, { ...(await sendOptions(deps.db)), sendTime: `${addDays(todayIn(tz), 1)} 08:00:00` });
    },
  );

  busList(app, deps, {
    url: '/bus/send/desk',
    access: { permission: 'bus:send' },
    summary: 'The dispatch desk: orders in the overseas warehouse (S6) and out for delivery (S7)',
    query: ZSendDeskQuery,
    answer: ZSendDeskAnswer,
    read: deskList,
  });

  app.get(
    '/bus/send/order/:id',
    spec(
      { permission: ['order:info', 'bus:order', 'bus:sendOrder', 'bus:send', 'bus:sign'] },
      'An order’s delivery lines in every run it was in, newest first (order details, Delivery and sign)',
      { params: zIdParam, response: answers(ZOrderDeliveryAnswer) },
    ),
    async (req) => ok(req, await orderDeliveryLines(deps.db, req.auth, req.params.id)),
  );

  busRecord(app, deps, {
    url: '/bus/send/:id',
    access: { permission: ['bus:sendOrder', 'bus:send', 'bus:sign'] },
    summary: 'One run: the run, its lines (returned ones too) and its log',
    answer: ZSendDetailAnswer,
    read: runDetail,
  });

  action({
    url: '/bus/send/add',
    permission: ['bus:sendOrder:add', 'bus:send:add'],
    type: BUSINESS_TYPE.INSERT,
    summary: 'A19: a draft run (D0) with its orders (S6, not in another run, no open problem item)',
    body: ZSendAddBody,
    answer: ZSendActionAnswer,
    run: addRun,
  });

  action({
    url: '/bus/send/edit',
    permission: 'bus:sendOrder:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary:
      'The run’s time, driver, vehicle and remark (D0); the lines’ amounts (fees with the fee role) in any status',
    body: ZSendEditBody,
    answer: ZSendActionAnswer,
    run: editRun,
  });

  action({
    url: '/bus/send/addOrder/:id',
    permission: ['bus:sendOrder:add', 'bus:send:addOrder'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A19: orders of the overseas stock into a draft run',
    params: zIdParam,
    body: ZSendOrdersBody,
    answer: ZSendActionAnswer,
    run: addOrdersToRunById,
  });

  action({
    url: '/bus/send/removeOrder/:id',
    permission: ['bus:sendOrder:edit', 'bus:sendOrder:cancel', 'bus:send:back'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A20 out of a draft run (S6) / A22 back to stock (S7 unsigned -> S6); the run settles (D1 -> D0/D2)',
    params: zIdParam,
    body: ZSendOrdersBody,
    answer: ZSendActionAnswer,
    run: removeOrdersFromRun,
  });

  action({
    url: '/bus/send/delete/:ids',
    permission: 'bus:sendOrder:delete',
    type: BUSINESS_TYPE.DELETE,
    summary: 'Delete draft runs (D0), all or nothing; their orders stay in the overseas stock (S6)',
    params: zIdsParam,
    answer: ZSendIdsAnswer,
    run: deleteRuns,
  });

  action({
    url: '/bus/send/sure',
    permission: 'bus:sendOrder:sure',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A21 confirm delivery: draft runs D0 -> D1, their orders S6 -> S7 (all or nothing; M-exc)',
    body: ZSendSureBody,
    answer: ZSendIdsAnswer,
    run: (ctx, body) => sureRuns(ctx, body.ids),
  });

  // --- signing -------------------------------------------------------------------------------------------

  busList(app, deps, {
    url: '/bus/sign/list',
    access: { permission: 'bus:sign' },
    summary: 'Orders out for delivery and signed (S7/S8) with their run and sign data, by tab',
    query: ZSignListQuery,
    answer: ZSignListAnswer,
    read: signList,
  });

  signAction({
    url: '/bus/sign/save',
    permission: ['bus:sign:sign', 'bus:sign:batch'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A23 sign (S7 -> S8): one order with its pieces (short = partly signed + problem item), or a batch',
    body: ZSignSaveBody,
    answer: ZSignActionAnswer,
    run: saveSign,
  });

  signAction({
    url: '/bus/sign/signFail',
    permission: 'bus:sign:fail',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A24 sign fail: the orders stay S7 with sign status failed and the reason',
    body: ZSignFailBody,
    answer: ZSignActionAnswer,
    run: signFail,
  });

  signAction({
    url: '/bus/sign/delete/:ids',
    permission: 'bus:sign:delete',
    type: BUSINESS_TYPE.DELETE,
    summary: 'A25 cancel signature (S8 -> S7), refused while the fees are audited (M3)',
    params: zIdsParam,
    answer: ZSignActionAnswer,
    run: cancelSigns,
  });
};
