import {
  ZLoadActionAnswer,
  ZLoadDetailAnswer,
  ZLoadIdsAnswer,
  ZLoadListAnswer,
  ZLoadListQuery,
  ZLoadOrdersBody,
  ZLoadPlanAddBody,
  ZLoadPlanEditBody,
  ZLoadPlanInitAnswer,
} from '@theone/contracts';
import { zIdParam, zIdsParam } from '@theone/contracts/common/page';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { busActions, busList, busRecord } from '../bus-routes';
import { orderCtx } from '../inware/inware-route-keys';
import { listLoads } from './load.read';
import { loadDetail } from './load-detail.read';
import {
  addOrdersToPlanById,
  addPlan,
  deletePlans,
  editPlan,
  initPlan,
  removeOrdersFromPlan,
} from './loadplan.service';

/**
 * Load plans (`/bus/loadplan/*`; screens loadplanList, loadplanAdd, loadplanDetails; actions A10, A11). The
 * export is served by the load documents (load-io), the Load dialog by `/bus/load/addOrder`.
 */
export const loadplanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ctxOf = orderCtx(deps);
  const action = busActions(app, deps, 'menu_loadplan_list');

  app.post(
    '/bus/loadplan/init',
    spec(
      { permission: 'loadplan:add' },
      'A new plan: its number (LD{yyMMdd}{NNNN}), the planner as loading person, container types',
      { response: answers(ZLoadPlanInitAnswer) },
    ),
    async (req) => ok(req, await initPlan(ctxOf(req))),
  );

  busList(app, deps, {
    url: '/bus/loadplan/list',
    access: { permission: 'bus:loadplan' },
    summary: 'Load plans (L0-L2, default L0/L1) with the sums of the caller’s orders, fill and margin',
    query: ZLoadListQuery,
    answer: ZLoadListAnswer,
    read: (ctx, q) => listLoads(ctx, 'loadplan', q),
    freshRows: true,
  });

  busRecord(app, deps, {
    url: '/bus/loadplan/:id',
    access: { permission: ['loadplan:info', 'bus:loadplan'] },
    summary: 'One plan: the record, the caller’s orders by mark, the per-mark summary, the load log',
    answer: ZLoadDetailAnswer,
    read: loadDetail,
  });

  action({
    url: '/bus/loadplan/add',
    permission: 'loadplan:add',
    type: BUSINESS_TYPE.INSERT,
    summary: 'Open a plan (L0) with its orders (A10 S2 -> S3) in one transaction; container cost [fee]',
    body: ZLoadPlanAddBody,
    answer: ZLoadActionAnswer,
    run: addPlan,
  });

  action({
    url: '/bus/loadplan/edit',
    permission: 'bus:loadplan:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'The plan’s header (L0-L2, version compared); route fixed while orders are on it',
    body: ZLoadPlanEditBody,
    answer: ZLoadActionAnswer,
    run: editPlan,
  });

  action({
    url: '/bus/loadplan/addOrder/:id',
    permission: ['bus:loadplan:addOrder', 'bus:inOrder:plan'],
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A10: in-stock orders of the plan’s route into the plan (S2 -> S3)',
    params: zIdParam,
    body: ZLoadOrdersBody,
    answer: ZLoadActionAnswer,
    run: addOrdersToPlanById,
  });

  action({
    url: '/bus/loadplan/removeOrder/:id',
    permission: 'bus:loadplan:removeOrder',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A11: planned orders of this plan back in stock (S3 -> S2)',
    params: zIdParam,
    body: ZLoadOrdersBody,
    answer: ZLoadActionAnswer,
    run: removeOrdersFromPlan,
  });

  action({
    url: '/bus/loadplan/delete/:ids',
    permission: 'bus:loadplan:delete',
    type: BUSINESS_TYPE.DELETE,
    summary: 'Delete plans with nothing loaded (L0), all or nothing; their orders back in stock (S3 -> S2)',
    params: zIdsParam,
    answer: ZLoadIdsAnswer,
    run: deletePlans,
  });
};
