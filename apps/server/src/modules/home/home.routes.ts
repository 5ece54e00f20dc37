import { hasPermission } from '@theone/contracts';
import { ZHomeAnswer } from '@theone/contracts/bus/home.responses';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { ARRIVING_KEYS, HomeCache, visibleFigures } from './home.service';

/**
 * GET /bus/index (spec §7 'Business'): the home dashboard of every signed-in user (no key; screens §2). The
 * answer holds only the cards of lists the caller can open, the 30-day chart for order users and today's
 * arriving containers for tracking/arrival users; everything in the caller's data scope (home.service.ts).
 *
 *   { day: '2026-11-22', counts: { todayOrders, yesterdayOrders, waitingInput, waitingLoad, waitingLoadVolume,
 *     waitingDeparture, noMark, waitingSettlement, waitingSign, problemItems }, chart: { days, orders, weight, volume } | null,
 *     arrivingContainers: TArrivingContainer[] | null }   (contracts bus/home.responses.ts)
 *
 * No fee figures, so nothing to strip for users without the fee role.
 */
export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = new HomeCache();

  app.get(
    '/bus/index',
    spec({ authenticated: true, operlog: false }, 'Home dashboard: counts, 30-day chart, arriving containers', {
      tags: ['home'],
      response: answers(ZHomeAnswer),
    }),
    async (req) => {
      const { figures, arriving: arrivingIn } = await cache.get(deps.db, req.auth, deps.config.timezone);
      const visible = visibleFigures(req.auth, figures);
      const arriving = ARRIVING_KEYS.some((k) => hasPermission(req.auth.permissions, k))
        ? await arrivingIn(req.lang)
        : null;
      return ok(req, { ...visible, arrivingContainers: arriving }, 'msg_query_success');
    },
  );
};
