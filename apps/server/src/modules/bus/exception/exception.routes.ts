import {
  ZExceptionExportBody,
  ZExceptionListAnswer,
  ZExceptionListQuery,
  ZExceptionTimersAnswer,
} from '@theone/contracts/bus/exception.schemas';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { ok, table } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { busListExport } from '../bus-routes';
import { EXCEPTION_EXCEL_COLUMNS } from './exception.excel';
import { exceptionTimers, exportExceptions, listExceptions } from './exception.read';

/**
 * Problem items (screens exception-list, key bus:exception): the list (tabs Open, Closed, All) and the Timers tab.
 * Raise, take over, close and reopen are `inware/editFields` (A26, bus:exception:add / :handle), one order-log row
 * each, so they are served by the order routes.
 */
export const exceptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  app.get(
    '/bus/exception/list',
    spec({ permission: 'bus:exception' }, 'Problem items: open (E0/E1), closed or all, with filters and paging', {
      querystring: ZExceptionListQuery,
      response: answers(ZExceptionListAnswer),
    }),
    async (req) => {
      const { rows, total } = await listExceptions(db, req.auth, req.query, config.timezone);
      return table(req, rows, total);
    },
  );

  busListExport(app, deps, {
    url: '/bus/exception/export',
    permission: 'bus:exception:export',
    menu: 'menu_exception_list',
    summary: 'Problem items (.xlsx): the list filters or the ticked ids',
    body: ZExceptionExportBody,
    columns: EXCEPTION_EXCEL_COLUMNS,
    read: (ctx, body) => exportExceptions(ctx.db, ctx.auth, body, ctx.timezone),
  });

  app.get(
    '/bus/exception/timers',
    spec(
      { permission: 'bus:exception' },
      'Timers: received over 48 h and not planned; containers at a border or port without news for 72 h',
      { response: answers(ZExceptionTimersAnswer) },
    ),
    async (req) => ok(req, await exceptionTimers(db, req.auth)),
  );
};
