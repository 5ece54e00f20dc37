import {
  isPriceOverdue,
  type TContPriceAddBody,
  type TContPriceListQuery,
  type TPriceMatch,
  type TPriceRow,
  type TPriceTrial,
  ZContPriceAddBody,
  ZContPriceEditBody,
  ZContPriceListQuery,
  ZPriceAddBody,
  ZPriceBatchBody,
  ZPriceEditBody,
  ZPriceListQuery,
  ZPriceSelectQuery,
  ZPriceTrialQuery,
} from '@theone/contracts';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../platform/db/database';
import { allOf, containsFilters, equalFilters, lockKey } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { todayIn } from '../../platform/time';
import { basContPrice, basGeog, basMark } from './bas.table';
import { saveEdit } from './bas-common';
import { registerCrud, tableReads } from './crud';
import { markScopeFilter } from './mark-scope';
import {
  addPrice,
  choosePrice,
  countPrices,
  deletePrice,
  destGeog,
  editPrice,
  findPrice,
  getPriceInScope,
  leftGeog,
  priceCandidates,
  priceFilterWhere,
  priceOrder,
  priceScope,
  selectPrices,
} from './price.service';
import { batchAdjustPrices } from './price-batch';
import { deleteUnlessInUse } from './usage';

/**
 * /bas/price and /bas/contPrice (spec §7, screens §3.7-3.11). Prices are fee fields: the screens need the fee
 * role as well as the route key (screens §0). `price/select` serves the order form: any order-entry or price
 * key, no fee role (a caller without it gets the row without its price fields).
 */
const PRICE_SELECT_KEYS = [
  'bas:price',
  'bus:orderAdd',
  'bus:unOrder',
  'bus:inOrder',
  'bus:order',
  'bus:orderListEdit',
  'bus:audit',
] as const;

export const priceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const today = () => todayIn(config.timezone);
  /** The caller must be allowed to see the order's mark (data scope); otherwise 404. */
  const assertMarkVisible = async (auth: AuthContext, markId: number) => {
    const [visible] = await db
      .select({ id: basMark.id })
      .from(basMark)
      .where(allOf([eq(basMark.id, markId), markScopeFilter(auth)]));
    if (!visible) throw notFound();
  };

  registerCrud(app, {
    base: '/bas/price',
    perm: 'bas:price',
    title: 'menu_price_list',
    summary: 'Price rows',
    summaries: {
      list: 'Price rows',
      one: 'One price row',
      add: 'Add a price row (overlapping periods refused)',
      edit: 'Edit a price row (optimistic version)',
      delete: 'Delete a price row not used by orders',
    },
    feeRole: true,
    listQuery: ZPriceListQuery,
    addBody: ZPriceAddBody,
    editBody: ZPriceEditBody,
    async list(req, q) {
      const day = today();
      const where = allOf([priceScope(req.auth), priceFilterWhere(q, day)]);
      const { limit, offset } = pageOf(q);
      const [rows, total] = await Promise.all([
        selectPrices(db, where, day, { order: priceOrder(q), limit, offset }),
        countPrices(db, where),
      ]);
      return { rows, total };
    },
    get: (req, id) => getPriceInScope(db, req.auth, id, today()),
    add: (req, b) => addPrice(db, req.auth, b),
    edit: (req, b) => editPrice(db, req.auth, b),
    remove: (req, id) => deletePrice(db, req.auth, id),
  });

  app.get(
    '/bas/price/select',
    spec(
      { permission: PRICE_SELECT_KEYS },
      'The price row that applies (DOMAIN §4): own, agent, all customers; nearer destination, nearer origin (geography tree); later start',
      { querystring: ZPriceSelectQuery },
    ),
    async (req) => {
      const q = req.query;
      let markId: number | null = q.markId ?? null;
      if (!markId && q.mark) {
        const [m] = await db.select({ id: basMark.id }).from(basMark).where(eq(basMark.mark, q.mark.toUpperCase()));
        if (!m) throw notFound();
        markId = m.id;
      }
      if (markId) await assertMarkVisible(req.auth, markId);
      const found = await findPrice(
        db,
        { markId, busType: q.busType, leftAddrId: q.leftAddrId, destAddrId: q.destAddrId, cargoType: q.cargoType },
        q.date ?? today(),
        { includeExpired: q.includeExpired === '1' },
      );
      if (!found) return ok(req, null, 'msg_query_success');
      return ok(req, {
        ...found.row,
        scope: found.scope,
        isOverdue: found.isOverdue ? '1' : '0',
        calPriceType: found.mark?.calPriceType ?? null,
        minAmount: found.mark?.minAmount ?? null,
        isSubMark: found.mark?.topMarkId ? '1' : '0',
      });
    },
  );

  app.get(
    '/bas/price/trial',
    spec(
      { permission: ['bas:price', 'bas:price:add', 'bas:price:edit'], feeRole: true },
      "Freight trial: every row that can apply to an order (expired too), the order's places and the row chosen, with why the others lost",
      { querystring: ZPriceTrialQuery },
    ),
    async (req) => {
      const q = req.query;
      if (q.markId) await assertMarkVisible(req.auth, q.markId);
      const date = q.date ?? today();
      const key = {
        markId: q.markId ?? null,
        busType: q.busType,
        leftAddrId: q.leftAddrId,
        destAddrId: q.destAddrId,
        cargoType: q.cargoType,
      };
      const candidates = await priceCandidates(db, key, date, { includeExpired: true, limit: 200 });
      const chosen = choosePrice(candidates, key, date, { includeExpired: true });
      const match = ({ row, scope, destDistance, leftDistance, isOverdue }: TPriceMatch<TPriceRow>) => ({
        id: row.id,
        scope,
        destDistance,
        leftDistance,
        isOverdue,
      });
      const trial: TPriceTrial<(typeof candidates.rows)[number]> = {
        date,
        leftPlaces: candidates.leftPlaces,
        destPlaces: candidates.destPlaces,
        mark: candidates.mark,
        rows: candidates.rows,
        chosen: chosen ? match(chosen) : null,
        others: chosen ? chosen.others.map((o) => ({ ...match(o), lostOn: o.lostOn })) : [],
      };
      return ok(req, trial, 'msg_query_success');
    },
  );

  app.post(
    '/bas/price/batch',
    spec(
      {
        permission: 'bas:price:batch',
        feeRole: true,
        operlog: { title: 'menu_price_batch', businessType: BUSINESS_TYPE.UPDATE },
      },
      'Batch price adjustment: preview (saves nothing) or apply in one transaction',
      { body: ZPriceBatchBody },
    ),
    async (req) => ok(req, await batchAdjustPrices(db, req.auth, req.body, today())),
  );

  // -------------------------------------------------------------------------------------------------
  // Container prices

  const contColumns = {
    id: basContPrice.id,
    containerType: basContPrice.containerType,
    busType: basContPrice.busType,
    leftAddrId: basContPrice.leftAddrId,
    leftAddrName: leftGeog.name,
    destAddrId: basContPrice.destAddrId,
    destAddrName: destGeog.name,
    vesselOwner: basContPrice.vesselOwner,
    apPrice: basContPrice.apPrice,
    arPrice: basContPrice.arPrice,
    currency: basContPrice.currency,
    validFromDate: basContPrice.validFromDate,
    validToDate: basContPrice.validToDate,
    remark: basContPrice.remark,
    version: basContPrice.version,
    createBy: basContPrice.createBy,
    createTime: basContPrice.createTime,
    updateBy: basContPrice.updateBy,
    updateTime: basContPrice.updateTime,
  };
  const contPrices = tableReads({
    db,
    table: basContPrice,
    rows: () =>
      db
        .select(contColumns)
        .from(basContPrice)
        .leftJoin(leftGeog, eq(leftGeog.id, basContPrice.leftAddrId))
        .leftJoin(destGeog, eq(destGeog.id, basContPrice.destAddrId))
        .$dynamic(),
    filters: (q: TContPriceListQuery) => [
      ...equalFilters(q, basContPrice, ['containerType', 'busType', 'leftAddrId', 'destAddrId']),
      ...containsFilters(q, basContPrice, ['vesselOwner']),
      q.validOn ? and(lte(basContPrice.validFromDate, q.validOn), gte(basContPrice.validToDate, q.validOn)) : undefined,
      q.isOverdue === '1' ? lt(basContPrice.validToDate, today()) : undefined,
      q.isOverdue === '0' ? gte(basContPrice.validToDate, today()) : undefined,
    ],
    orderable: {
      createTime: basContPrice.createTime,
      updateTime: basContPrice.updateTime,
      validFromDate: basContPrice.validFromDate,
      validToDate: basContPrice.validToDate,
      apPrice: basContPrice.apPrice,
      arPrice: basContPrice.arPrice,
    },
    defaultOrder: [desc(basContPrice.createTime), desc(basContPrice.id)],
    map: (rows) => {
      const day = today();
      return rows.map((r) => ({ ...r, isOverdue: isPriceOverdue(r, day) ? ('1' as const) : ('0' as const) }));
    },
  });

  async function assertContNoOverlap(tx: Tx, b: TContPriceAddBody, selfId?: number) {
    await lockKey(tx, 7302002, `${b.containerType}|${b.busType}|${b.leftAddrId}|${b.destAddrId}|${b.vesselOwner}`);
    const [clash] = await tx
      .select({ id: basContPrice.id })
      .from(basContPrice)
      .where(
        allOf([
          eq(basContPrice.containerType, b.containerType),
          eq(basContPrice.busType, b.busType),
          eq(basContPrice.leftAddrId, b.leftAddrId),
          eq(basContPrice.destAddrId, b.destAddrId),
          eq(basContPrice.vesselOwner, b.vesselOwner),
          lte(basContPrice.validFromDate, b.validToDate),
          gte(basContPrice.validToDate, b.validFromDate),
          selfId ? sql`${basContPrice.id} <> ${selfId}` : undefined,
        ]),
      )
      .limit(1);
    if (clash) throw conflict('msg_price_overlap', { id: clash.id });
  }

  async function checkRoute(tx: DbOrTx, b: TContPriceAddBody) {
    const rows = await tx
      .select({ id: basGeog.id, orgId: basGeog.orgId })
      .from(basGeog)
      .where(sql`${basGeog.id} IN (${b.leftAddrId}, ${b.destAddrId})`);
    if (!rows.some((g) => g.id === b.leftAddrId && g.orgId === 1))
      throw badRequest('err_invalid_value', { field: 'leftAddrId' }, 'leftAddrId');
    if (!rows.some((g) => g.id === b.destAddrId && g.orgId === 2))
      throw badRequest('err_invalid_value', { field: 'destAddrId' }, 'destAddrId');
  }

  const contValues = (b: TContPriceAddBody) => ({
    containerType: b.containerType,
    busType: b.busType,
    leftAddrId: b.leftAddrId,
    destAddrId: b.destAddrId,
    vesselOwner: b.vesselOwner,
    apPrice: b.apPrice,
    arPrice: b.arPrice ?? null,
    currency: b.currency,
    validFromDate: b.validFromDate,
    validToDate: b.validToDate,
    remark: b.remark,
  });

  registerCrud(app, {
    base: '/bas/contPrice',
    perm: 'bas:contPrice',
    title: 'menu_cont_price_list',
    summary: 'Container prices',
    summaries: {
      list: 'Container prices',
      one: 'One container price',
      add: 'Add a container price',
      edit: 'Edit a container price (optimistic version)',
      delete: 'Delete a container price',
    },
    feeRole: true,
    readKeys: ['bas:contPrice', 'bas:contPrice:edit'],
    listQuery: ZContPriceListQuery,
    addBody: ZContPriceAddBody,
    editBody: ZContPriceEditBody,
    list: contPrices.list,
    get: contPrices.get,
    async add(req, b) {
      return db.transaction(async (tx) => {
        await checkRoute(tx, b);
        await assertContNoOverlap(tx, b);
        const [row] = await tx
          .insert(basContPrice)
          .values({ ...contValues(b), createBy: req.auth.userName })
          .returning({ id: basContPrice.id });
        return row!.id;
      });
    },
    async edit(req, b) {
      await db.transaction(async (tx) => {
        await contPrices.inScope(req, b.id, tx);
        await checkRoute(tx, b);
        await assertContNoOverlap(tx, b, b.id);
        await saveEdit(tx, basContPrice, b, contValues(b), req.auth.userName);
      });
    },
    async remove(_req, id) {
      await deleteUnlessInUse(db, basContPrice, 'contPrice', id);
    },
  });
};
