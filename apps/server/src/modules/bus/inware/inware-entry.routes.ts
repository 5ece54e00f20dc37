import {
  CURRENCY,
  TRANSPORT_MODE,
  ZGetNoBody,
  ZInwareAddBody,
  ZInwareEditBody,
  ZInwareStatusBody,
  ZNewNumberAnswer,
  ZOrderAddedAnswer,
  ZOrderDoneAnswer,
  ZOrderEditedAnswer,
  ZOrderInitAnswer,
  ZOrderMarkLookupAnswer,
  ZOrderRecalculatedAnswer,
  ZOrderStatusAnswer,
  ZOrderVersionAnswer,
  ZReGetPriceBody,
  zIdParam,
  zIdsParam,
} from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { notFound } from '../../../platform/errors';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { markShipping, markVisible, orderFormRefs } from '../../bas/api/order-refs';
import { addressesOf } from '../../bas/mark.service';
import { busActions } from '../bus-routes';
import { markInfo } from './inware.pricing';
import {
  ACTION_PERMS,
  addOrder,
  changeStatus,
  creditStatus,
  creditWarning,
  deleteCargoLine,
  deleteOrders,
  editOrder,
  getNo,
  previewPrice,
  recalculate,
  refetchPrices,
} from './inware.service';
import { registerOrderUsageChecks } from './inware.usage';
import { ENTRY_KEYS, orderCtx, TRANSIT_DAYS, title, zVersion } from './inware-route-keys';

/**
 * Order entry (spec §7 'Inware'; screens orderAdd, orderEdit, unOrder): the form's support calls (defaults,
 * numbers, the mark's addresses and credit, prices) and the actions before receipt: add (A1, A2, A8), edit,
 * confirm / back to staged / cancel receipt, delete. Rules in inware.service.ts; docs/domain.md 'Orders'.
 */
const ZCargoDeleteBody = z.object({ version: zVersion.optional() }).strict().optional();
const ZDeleteBody = z
  .object({ versions: z.array(zVersion).max(500).optional() })
  .strict()
  .optional();

export const inwareEntryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerOrderUsageChecks();
  const { db } = deps;
  const ctxOf = orderCtx(deps);

  // -------------------------------------------------------------------------------------------------
  // Form support

  app.post(
    '/bus/inware/init',
    spec(
      { permission: ENTRY_KEYS, operlog: false },
      'Order form defaults: route, warehouse, transit days, insurance options',
      { response: answers(ZOrderInitAnswer) },
    ),
    async (req) => {
      const { warehouses, geogs, insurances } = await orderFormRefs(db);
      const lang = req.lang;
      const name = (w: { name: string; nameEn: string; nameTh: string }) =>
        (lang === 'en' ? w.nameEn : lang === 'th' ? w.nameTh : w.name) || w.name;
      const origin = warehouses.filter((w) => w.whType === '1');
      // the user's warehouse: the origin warehouse named like the user's department ('广州仓'), else the first
      const mine = origin.find((w) => w.name === req.auth.deptName) ?? origin[0];
      return ok(req, {
        defaults: {
          busType: TRANSPORT_MODE.LAND_EK,
          cargoType: '1',
          currency: CURRENCY.RMB,
          leftAddrId: mine?.geogId ?? geogs.find((g) => g.orgId === 1 && g.code === 'GZ')?.id ?? null,
          destAddrId: geogs.find((g) => g.orgId === 2 && g.code === 'BKK')?.id ?? null,
          arrivedHouseId: mine?.id ?? null,
          orderTime: new Date().toISOString(),
        },
        transitDays: TRANSIT_DAYS,
        warehouses: warehouses.map((w) => ({
          id: w.id,
          code: w.code,
          name: name(w),
          whType: w.whType,
          geogId: w.geogId,
        })),
        insurances,
      });
    },
  );

  app.post(
    '/bus/inware/getNo',
    spec(
      { permission: [...ENTRY_KEYS, 'bus:inOrder:submit', 'bus:noMarkOrder:add'], operlog: false },
      'A new waybill number (TH+yyMMdd+5 digits) or receipt number (WR+yyMMdd+5 digits)',
      { body: ZGetNoBody.optional(), response: answers(ZNewNumberAnswer) },
    ),
    async (req) => ok(req, await getNo(ctxOf(req), ZGetNoBody.parse(req.body ?? {}))),
  );

  app.post(
    '/bus/inware/asynAddress/:id',
    spec(
      { permission: [...ENTRY_KEYS, 'bus:noMarkOrder:assign'], operlog: false },
      "A mark's consignee addresses, pricing data and credit status (id = mark id)",
      { params: zIdParam, response: answers(ZOrderMarkLookupAnswer) },
    ),
    async (req) => {
      if (!(await markVisible(db, req.auth, req.params.id))) throw notFound();
      const [mark, addresses, credit] = await Promise.all([
        markInfo(db, req.params.id),
        addressesOf(db, req.params.id),
        creditStatus(db, req.params.id),
      ]);
      // the mark was deleted between the check and the read
      if (!mark) throw notFound();
      const shipping = await markShipping(db, req.params.id);
      const warning = creditWarning(credit, req.auth, req.lang);
      return ok(req, {
        mark: {
          ...mark,
          isSubMark: mark.topMarkId ? '1' : '0',
          shippingChannels: shipping?.channels ?? [],
          balanceType: shipping?.balanceType,
        },
        addresses,
        defaultAddress: addresses.find((a) => a.isDefault === '1') ?? addresses[0] ?? null,
        credit: credit
          ? { credtLimit: credit.credtLimit, openBalance: credit.openBalance, exceeded: credit.exceeded }
          : null,
        ...(warning ? { warning } : {}),
      });
    },
  );

  app.post(
    '/bus/inware/reGetPrice',
    spec(
      { permission: ACTION_PERMS.price, operlog: title('fetch_price', BUSINESS_TYPE.UPDATE) },
      "Fetch price: saved orders by ids (P-price; fee role), or the form's values as `order` (preview)",
      { body: ZReGetPriceBody },
    ),
    async (req) => {
      const b = req.body;
      if (b.order) return ok(req, await previewPrice(ctxOf(req), b.order));
      const result = await refetchPrices(ctxOf(req), b.ids!, b.versions);
      if (!result.noPrice.length)
        return { code: 200, msg: t('msg_fetch_price_done', req.lang, { count: result.updated }), data: result };
      return { code: 200, msg: t('msg_no_price', req.lang, { list: result.noPrice.join(', ') }), data: result };
    },
  );

  const recalculation = busActions(app, deps, 'recalculate');
  recalculation({
    url: '/bus/inware/reCal/:ids',
    permission: ACTION_PERMS.price,
    feeRole: true,
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Recalculate the fees on the saved prices (P-recalc; not audited)',
    params: zIdsParam,
    answer: ZOrderRecalculatedAnswer,
    run: recalculate,
  });

  // -------------------------------------------------------------------------------------------------
  // Entry and the actions before receipt

  const orderAdd = busActions(app, deps, 'menu_order_add');
  const orderEdit = busActions(app, deps, 'menu_order_edit');
  const unOrder = busActions(app, deps, 'menu_un_order');

  orderAdd({
    url: '/bus/inware/add',
    permission: [...ACTION_PERMS.save, ...ACTION_PERMS.confirmOnAdd, ...ACTION_PERMS.registerNoMark],
    type: BUSINESS_TYPE.INSERT,
    summary: 'New order: status 0 staged (A1), 1 confirmed (A2), 2 no-mark cargo received (A8)',
    body: ZInwareAddBody,
    answer: ZOrderAddedAnswer,
    run: addOrder,
    msg: 'bus_msg_saved',
  });

  orderEdit({
    url: '/bus/inware/edit',
    permission: ACTION_PERMS.edit,
    type: BUSINESS_TYPE.UPDATE,
    summary: 'Edit an order (S0-S2; optimistic version; fetchPrice=1 re-prices)',
    body: ZInwareEditBody,
    answer: ZOrderEditedAnswer,
    run: editOrder,
  });

  unOrder({
    url: '/bus/inware/status/:ids',
    permission: [...ACTION_PERMS.confirm, ...ACTION_PERMS.backToStaged, ...ACTION_PERMS.cancelReceipt],
    type: BUSINESS_TYPE.UPDATE,
    summary: '{status:1} confirm S0 or cancel the receipt of S2; {status:0} back to staged (all or nothing)',
    params: zIdsParam,
    body: ZInwareStatusBody,
    answer: ZOrderStatusAnswer,
    run: changeStatus,
  });

  unOrder({
    url: '/bus/inware/delete/:ids',
    permission: ACTION_PERMS.delete,
    type: BUSINESS_TYPE.DELETE,
    summary: 'Delete staged orders (S0 only, all or nothing)',
    params: zIdsParam,
    body: ZDeleteBody,
    answer: ZOrderDoneAnswer,
    run: async (ctx, ids, body) => {
      await deleteOrders(ctx, ids, body?.versions);
    },
  });

  orderEdit({
    url: '/bus/cargo/delete/:id',
    permission: ACTION_PERMS.deleteLine,
    type: BUSINESS_TYPE.DELETE,
    summary: 'Delete a saved declared cargo line (S0/S1); totals and fees follow',
    params: zIdParam,
    body: ZCargoDeleteBody,
    answer: ZOrderVersionAnswer,
    run: (ctx, id, body) => deleteCargoLine(ctx, id, body?.version),
  });
};
