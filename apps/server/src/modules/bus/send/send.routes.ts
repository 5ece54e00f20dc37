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

  action(
    '/bus/send/add',
    ['bus:sendOrder:add', 'bus:send:add'],
    BUSINESS_TYPE.INSERT,
    'A19: a draft run (D0) with its orders (S6, not in another run, no open problem item)',
    { body: ZSendAddBody, response: answers(ZSendActionAnswer) },
    (ctx, req) => addRun(ctx, req.body),
  );

  action(
    '/bus/send/edit',
    'bus:sendOrder:edit',
    BUSINESS_TYPE.UPDATE,
    'The run’s time, driver, vehicle and remark (D0); the lines’ amounts (fees with the fee role) in any status',
    { body: ZSendEditBody, response: answers(ZSendActionAnswer) },
    (ctx, req) => editRun(ctx, req.body),
  );

  action(
    '/bus/send/addOrder/:id',
    ['bus:sendOrder:add', 'bus:send:addOrder'],
    BUSINESS_TYPE.UPDATE,
    'A19: orders of the overseas stock into a draft run',
    { params: zIdParam, body: ZSendOrdersBody, response: answers(ZSendActionAnswer) },
    (ctx, req) => addOrdersToRunById(ctx, req.params.id, req.body),
  );

  action(
    '/bus/send/removeOrder/:id',
    ['bus:sendOrder:edit', 'bus:sendOrder:cancel', 'bus:send:back'],
    BUSINESS_TYPE.UPDATE,
    'A20 out of a draft run (S6) / A22 back to stock (S7 unsigned -> S6); the run settles (D1 -> D0/D2)',
    { params: zIdParam, body: ZSendOrdersBody, response: answers(ZSendActionAnswer) },
    (ctx, req) => removeOrdersFromRun(ctx, req.params.id, req.body),
  );

  action(
    '/bus/send/delete/:ids',
    'bus:sendOrder:delete',
    BUSINESS_TYPE.DELETE,
    'Delete draft runs (D0), all or nothing; their orders stay in the overseas stock (S6)',
    { params: zIdsParam, response: answers(ZSendIdsAnswer) },
    (ctx, req) => deleteRuns(ctx, req.params.ids),
  );

  action(
    '/bus/send/sure',
    'bus:sendOrder:sure',
    BUSINESS_TYPE.UPDATE,
    'A21 confirm delivery: draft runs D0 -> D1, their orders S6 -> S7 (all or nothing; M-exc)',
    { body: ZSendSureBody, response: answers(ZSendIdsAnswer) },
    (ctx, req) => sureRuns(ctx, req.body.ids),
  );

  // --- signing -------------------------------------------------------------------------------------------

  busList(app, deps, {
    url: '/bus/sign/list',
    access: { permission: 'bus:sign' },
    summary: 'Orders out for delivery and signed (S7/S8) with their run and sign data, by tab',
    query: ZSignListQuery,
    answer: ZSignListAnswer,
    read: signList,
  });

  signAction(
    '/bus/sign/save',
    ['bus:sign:sign', 'bus:sign:batch'],
    BUSINESS_TYPE.UPDATE,
    'A23 sign (S7 -> S8): one order with its pieces (short = partly signed + problem item), or a batch',
    { body: ZSignSaveBody, response: answers(ZSignActionAnswer) },
    (ctx, req) => saveSign(ctx, req.body),
  );

  signAction(
    '/bus/sign/signFail',
    'bus:sign:fail',
    BUSINESS_TYPE.UPDATE,
    'A24 sign fail: the orders stay S7 with sign status failed and the reason',
    { body: ZSignFailBody, response: answers(ZSignActionAnswer) },
    (ctx, req) => signFail(ctx, req.body),
  );

  signAction(
    '/bus/sign/delete/:ids',
    'bus:sign:delete',
    BUSINESS_TYPE.DELETE,
    'A25 cancel signature (S8 -> S7), refused while the fees are audited (M3)',
    { params: zIdsParam, response: answers(ZSignActionAnswer) },
    (ctx, req) => cancelSigns(ctx, req.params.ids),
  );
};
