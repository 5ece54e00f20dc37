import {
  ZArrivedUpdateBody,
  ZEditFieldsBody,
  ZOrderReceivedAnswer,
  ZOrderUpdateBody,
  ZOrderUpdateFeeBody,
  ZOrderVersionAnswer,
  ZOrderVersionsAnswer,
} from '@theone/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { busActions } from '../bus-routes';
import { ACTION_PERMS, modifyOrders, receiveOrder, supplementFees } from './inware.service';

/**
 * Receipt into the origin warehouse and the changes after it (screens inOrder, noMarkOrder, orderListEdit,
 * deliveryfree): receive / re-measure, assign mark (A9), problem item (A26), modification (A28), fee
 * supplement (A29).
 *
 * `audit/orderUpdate` and `audit/orderUpdateFee` are order modifications (orderListEdit, deliveryfree), so they are
 * served here; the audit module adds the other /bus/audit calls.
 */
export const inwareReceiptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const inOrder = busActions(app, deps, 'menu_in_order');
  const listEdit = busActions(app, deps, 'menu_order_list_edit');
  const deliveryFee = busActions(app, deps, 'menu_deliveryfree');

  inOrder({
    url: '/bus/inware/arrived/update',
    permission: [...ACTION_PERMS.submitToWarehouse, ...ACTION_PERMS.remeasure],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Receive into the origin warehouse (S0/S1 -> S2) or re-measure / another receipt (S2)',
    body: ZArrivedUpdateBody,
    answer: ZOrderReceivedAnswer,
    run: receiveOrder,
  });

  listEdit({
    url: '/bus/inware/editFields',
    permission: [...ACTION_PERMS.assignMark, ...ACTION_PERMS.modify, ...ACTION_PERMS.exception],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Set fields on the selected orders: assign mark (A9), problem item (A26), modification (A28)',
    body: ZEditFieldsBody,
    answer: ZOrderVersionsAnswer,
    run: modifyOrders,
  });

  listEdit({
    url: '/bus/audit/orderUpdate',
    permission: 'bus:orderListEdit:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Modify one order after receipt (orderListEdit drawer): changes, reason, version',
    body: ZOrderUpdateBody,
    answer: ZOrderVersionAnswer,
    run: async (ctx, b) => {
      const [r] = await modifyOrders(ctx, {
        ids: [b.id],
        versions: [b.version],
        fields: b.changes,
        reason: b.reason,
        single: true,
      });
      return r;
    },
  });

  deliveryFee({
    url: '/bus/audit/orderUpdateFee',
    permission: ACTION_PERMS.supplementFees,
    feeRole: true,
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Fee supplement (deliveryfree): delivery fees on S6-S8 orders not audited',
    body: ZOrderUpdateFeeBody,
    answer: ZOrderVersionsAnswer,
    run: supplementFees,
  });
};
