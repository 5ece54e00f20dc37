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
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { tableWithSums } from '../bus-routes';
import { orderCtx, title } from '../inware/inware-route-keys';
import { listLoads, loadDetail, loadOrdersPage } from './load.read';
import { cancelLoading, editContainer, loadOrdersIntoContainer, unloadOrders } from './load.service';
import { addLoadFiles, deleteLoadFile } from './load-files';

/**
 * `/bus/load/*` (screens loadplanDetails, loadList, loadDetails): load (A12, the Load dialog and the scan mode,
 * late additions), unload (A13), cancel loading (A14), container data, and the reads of the load views. Exports
 * and prints of a load are in their own routes file.
 */
export const loadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ctxOf = orderCtx(deps);
  const operlog = title('menu_load_list', BUSINESS_TYPE.UPDATE);

  app.get(
    '/bus/load/list',
    spec(
      { permission: 'bus:load', operlog: false },
      'Loads once loading began (L1-L5) with their order sums, paged; sums of the filtered set',
      { querystring: ZLoadListQuery, response: answers(ZLoadListAnswer) },
    ),
    async (req) => tableWithSums(req, await listLoads(ctxOf(req), 'load', req.query)),
  );

  app.get(
    '/bus/load/:id',
    spec(
      { permission: ['load:info', 'bus:load'], operlog: false },
      "A load: the record with the caller's orders, per-mark summary and load log",
      { params: zIdParam, response: answers(ZLoadDetailAnswer) },
    ),
    async (req) => ok(req, await loadDetail(ctxOf(req), req.params.id)),
  );

  app.post(
    '/bus/load/detail/:id',
    spec(
      { permission: ['load:info', 'bus:load'], operlog: false },
      "A load's orders (the caller's), filtered and paged, with the sums of the filtered set",
      { params: zIdParam, body: ZLoadDetailQuery, response: answers(ZLoadOrdersAnswer) },
    ),
    async (req) => tableWithSums(req, await loadOrdersPage(ctxOf(req), req.params.id, req.body)),
  );

  app.post(
    '/bus/load/addOrder/:id',
    spec(
      { permission: ['bus:loadplan:load', 'bus:load:addOrder'], operlog },
      'Load (A12): the ticked orders, a scanned waybill or piece label, or every planned order, with the container data; S2 orders are planned and loaded at once',
      { params: zIdParam, body: ZLoadBody, response: answers(ZLoadActionAnswer) },
    ),
    async (req) => ok(req, await loadOrdersIntoContainer(ctxOf(req), req.params.id, req.body)),
  );

  app.post(
    '/bus/load/removeOrder/:id',
    spec(
      { permission: 'bus:load:removeOrder', operlog },
      'Unload (A13): loaded orders back to the plan (S4 -> S3), container data cleared on them; L1/L2',
      { params: zIdParam, body: ZLoadOrdersBody, response: answers(ZLoadActionAnswer) },
    ),
    async (req) => ok(req, await unloadOrders(ctxOf(req), req.params.id, req.body)),
  );

  app.post(
    '/bus/load/delete/:ids',
    spec(
      { permission: 'bus:load:delete', operlog: title('menu_load_list', BUSINESS_TYPE.DELETE) },
      'Cancel loading (A14) of loads L1/L2: every loaded order back to S3, container data cleared, plan kept',
      { params: zIdsParam, response: answers(ZLoadIdsAnswer) },
    ),
    async (req) => ok(req, await cancelLoading(ctxOf(req), req.params.ids)),
  );

  app.post(
    '/bus/load/edit',
    spec(
      { permission: 'bus:load:edit', operlog },
      'Container data of a load (L1-L4); a new container number, seal or plate is copied to its orders',
      { body: ZLoadEditBody, response: answers(ZLoadActionAnswer) },
    ),
    async (req) => ok(req, await editContainer(ctxOf(req), req.body)),
  );

  // the load's photos (container, seal, loading): plan editors and container editors
  const filesKeys = ['bus:loadplan:edit', 'bus:load:edit'];
  app.post(
    '/bus/load/files/add',
    spec(
      { permission: filesKeys, operlog },
      'Attach uploaded images to a load as container, seal, loading or other photos (L0-L4)',
      { body: ZLoadFilesAddBody, response: answers(ZLoadFilesAnswer) },
    ),
    async (req) => ok(req, await addLoadFiles(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/load/files/delete/:id',
    spec({ permission: filesKeys, operlog }, "Take a photo off its load (L0-L4); answers the load's photos", {
      params: zIdParam,
      response: answers(ZLoadFilesAnswer),
    }),
    async (req) => ok(req, await deleteLoadFile(ctxOf(req), req.params.id)),
  );
};
