import {
  ZLoadActionAnswer,
  ZLoadBody,
  ZLoadDetailAnswer,
  ZLoadDetailQuery,
  ZLoadEditBody,
  ZLoadFilesAddBody,
  ZLoadFilesAnswer,
  ZLoadIdsAnswer,
  ZLoadListAnswer,
  ZLoadListQuery,
  ZLoadOrdersAnswer,
  ZLoadOrdersBody,
  zIdParam,
  zIdsParam,
} from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { busActions, busList, busRecord, tableWithSums } from '../bus-routes';
import { orderCtx } from '../inware/inware-route-keys';
import { listLoads } from './load.read';
import { cancelLoading, editContainer, loadOrdersIntoContainer, unloadOrders } from './load.service';
import { loadDetail, loadOrdersPage } from './load-detail.read';
import { addLoadFiles, deleteLoadFile } from './load-files';

/**
 * `/bus/load/*` (screens loadplanDetails, loadList, loadDetails): load (A12, the Load dialog and the scan mode,
 * late additions), unload (A13), cancel loading (A14), container data, and the reads of the load views. Exports
 * and prints of a load are in their own routes file.
 */
export const loadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ctxOf = orderCtx(deps);
  const action = busActions(app, deps, 'menu_load_list');

  busList(app, deps, {
    url: '/bus/load/list',
    access: { permission: 'bus:load', operlog: false },
    summary: 'Loads once loading began (L1-L5) with their order sums, paged; sums of the filtered set',
    query: ZLoadListQuery,
    answer: ZLoadListAnswer,
    read: (ctx, q) => listLoads(ctx, 'load', q),
    freshRows: true,
  });

  busRecord(app, deps, {
    url: '/bus/load/:id',
    access: { permission: ['load:info', 'bus:load'], operlog: false },
    summary: "A load: the record with the caller's orders, per-mark summary and load log",
    answer: ZLoadDetailAnswer,
    read: loadDetail,
  });

  app.post(
    '/bus/load/detail/:id',
    spec(
      { permission: ['load:info', 'bus:load'], operlog: false },
      "A load's orders (the caller's), filtered and paged, with the sums of the filtered set",
      { params: zIdParam, body: ZLoadDetailQuery, response: answers(ZLoadOrdersAnswer) },
    ),
    async (req) => tableWithSums(req, await loadOrdersPage(ctxOf(req), req.params.id, req.body)),
  );

  action({
    url: '/bus/load/addOrder/:id',
    permission: ['bus:loadplan:load', 'bus:load:addOrder'],
    type: BUSINESS_TYPE.UPDATE,
    summary:
      'Load (A12): the ticked orders, a scanned waybill or piece label, or every planned order, with the container data; S2 orders are planned and loaded at once',
    params: zIdParam,
    body: ZLoadBody,
    answer: ZLoadActionAnswer,
    run: loadOrdersIntoContainer,
  });

  action({
    url: '/bus/load/removeOrder/:id',
    permission: 'bus:load:removeOrder',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Unload (A13): loaded orders back to the plan (S4 -> S3), container data cleared on them; L1/L2',
    params: zIdParam,
    body: ZLoadOrdersBody,
    answer: ZLoadActionAnswer,
    run: unloadOrders,
  });

  action({
    url: '/bus/load/delete/:ids',
    permission: 'bus:load:delete',
    type: BUSINESS_TYPE.DELETE,
    summary: 'Cancel loading (A14) of loads L1/L2: every loaded order back to S3, container data cleared, plan kept',
    params: zIdsParam,
    answer: ZLoadIdsAnswer,
    run: cancelLoading,
  });

  action({
    url: '/bus/load/edit',
    permission: 'bus:load:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Container data of a load (L1-L4); a new container number, seal or plate is copied to its orders',
    body: ZLoadEditBody,
    answer: ZLoadActionAnswer,
    run: editContainer,
  });

  // the load's photos (container, seal, loading): plan editors and container editors
  const filesKeys = ['bus:loadplan:edit', 'bus:load:edit'];
  action({
    url: '/bus/load/files/add',
    permission: filesKeys,
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Attach uploaded images to a load as container, seal, loading or other photos (L0-L4)',
    body: ZLoadFilesAddBody,
    answer: ZLoadFilesAnswer,
    run: addLoadFiles,
  });

  action({
    url: '/bus/load/files/delete/:id',
    permission: filesKeys,
    type: BUSINESS_TYPE.UPDATE,
    summary: "Take a photo off its load (L0-L4); answers the load's photos",
    params: zIdParam,
    answer: ZLoadFilesAnswer,
    run: deleteLoadFile,
  });
};
