import {
  ZArrivedUpdateBody,
  ZEditFieldsBody,
  ZOrderReceivedAnswer,
  ZOrderUpdateBody,
  ZOrderUpdateFeeBody,
  ZOrderVersionAnswer,
  ZOrderVersionsAnswer,
} from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { ACTION_PERMS, modifyOrders, receiveOrder, supplementFees } from './inware.service';
import { orderCtx, title } from './inware-route-keys';

/**
 * Receipt into the origin warehouse and the changes after it (screens inOrder, noMarkOrder, orderListEdit,
 * deliveryfree): receive / re-measure, assign mark (A9), problem item (A26), modification (A28), fee
 * supplement (A29).
 *
 * `audit/orderUpdate` and `audit/orderUpdateFee` are order modifications (orderListEdit, deliveryfree), so they are
 * served here; the audit module adds the other /bus/audit calls.
 */
export const inwareReceiptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ctxOf = orderCtx(deps);

  app.post(
    '/bus/inware/arrived/update',
    spec(
      {
        permission: [...ACTION_PERMS.submitToWarehouse, ...ACTION_PERMS.remeasure],
        operlog: title('menu_in_order', BUSINESS_TYPE.UPDATE),
      },
      'Receive into the origin warehouse (S0/S1 -> S2) or re-measure / another receipt (S2)',
      { body: ZArrivedUpdateBody, response: answers(ZOrderReceivedAnswer) },
    ),
    async (req) => ok(req, await receiveOrder(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/inware/editFields',
    spec(
      {
        permission: [...ACTION_PERMS.assignMark, ...ACTION_PERMS.modify, ...ACTION_PERMS.exception],
        operlog: title('menu_order_list_edit', BUSINESS_TYPE.UPDATE),
      },
      'Set fields on the selected orders: assign mark (A9), problem item (A26), modification (A28)',
      { body: ZEditFieldsBody, response: answers(ZOrderVersionsAnswer) },
    ),
    async (req) => ok(req, await modifyOrders(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/audit/orderUpdate',
    spec(
      { permission: 'bus:orderListEdit:edit', operlog: title('menu_order_list_edit', BUSINESS_TYPE.UPDATE) },
      'Modify one order after receipt (orderListEdit drawer): changes, reason, version',
      { body: ZOrderUpdateBody, response: answers(ZOrderVersionAnswer) },
    ),
    async (req) => {
      const b = req.body;
      const [r] = await modifyOrders(ctxOf(req), {
        ids: [b.id],
        versions: [b.version],
        fields: b.changes,
        reason: b.reason,
        single: true,
      });
      return ok(req, r);
    },
  );

  app.post(
    '/bus/audit/orderUpdateFee',
    spec(
      {
        permission: ACTION_PERMS.supplementFees,
        feeRole: true,
        operlog: title('menu_deliveryfree', BUSINESS_TYPE.UPDATE),
      },
      'Fee supplement (deliveryfree): delivery fees on S6-S8 orders not audited',
      { body: ZOrderUpdateFeeBody, response: answers(ZOrderVersionsAnswer) },
    ),
    async (req) => ok(req, await supplementFees(ctxOf(req), req.body)),
  );
};
