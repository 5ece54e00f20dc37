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
  zIdParam,
} from '@theone/contracts';
import { and, desc, eq, gte, ilike, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../platform/db/database';
import { allOf, lockKey } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, inUse, notFound } from '../../platform/errors';
import { ok, table } from '../../platform/http/envelope';
import { likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { todayIn } from '../../platform/time';
import { basContPrice, basGeog, basMark } from './bas.table';
import { saveEdit } from './bas-common';
import { markScopeFilter } from './mark-scope';
import {
  addPrice,
  choosePrice,
  countPrices,
  deletePrice,
  editPrice,
  findPrice,
  getPriceInScope,
  priceCandidates,
  priceFilterWhere,
  priceOrder,
  priceScope,
  selectPrices,
} from './price.service';
import { batchAdjustPrices } from './price-batch';
import { isInUse } from './usage';

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
  const title = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'menu_price_list',
    businessType,
  });
  /** The caller must be allowed to see the order's mark (data scope); otherwise 404. */
  const assertMarkVisible = async (auth: AuthContext, markId: number) => {
    const [visible] = await db
      .select({ id: basMark.id })
      .from(basMark)
      .where(allOf([eq(basMark.id, markId), markScopeFilter(auth)]));
    if (!visible) throw notFound();
  };

  app.get(
    '/bas/price/list',
    spec({ permission: 'bas:price', feeRole: true }, 'Price rows', { querystring: ZPriceListQuery }),
    async (req) => {
      const day = today();
      const where = allOf([priceScope(req.auth), priceFilterWhere(req.query, day)]);
      const { limit, offset } = pageOf(req.query);
      const [rows, total] = await Promise.all([
        selectPrices(db, where, day, { order: priceOrder(req.query), limit, offset }),
        countPrices(db, where),
      ]);
      return table(req, rows, total);
    },
  );

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

  app.get(
    '/bas/price/:id',
    spec({ permission: ['bas:price', 'bas:price:info', 'bas:price:edit'], feeRole: true }, 'One price row', {
      params: zIdParam,
    }),
    async (req) => ok(req, await getPriceInScope(db, req.auth, req.params.id, today())),
  );

  app.post(
    '/bas/price/add',
    spec(
      { permission: 'bas:price:add', feeRole: true, operlog: title(BUSINESS_TYPE.INSERT) },
      'Add a price row (overlapping periods refused)',
      { body: ZPriceAddBody },
    ),
    async (req) => ok(req, { id: await addPrice(db, req.auth, req.body) }),
  );

  app.post(
    '/bas/price/edit',
    spec(
      { permission: 'bas:price:edit', feeRole: true, operlog: title(BUSINESS_TYPE.UPDATE) },
      'Edit a price row (optimistic version)',
      { body: ZPriceEditBody },
    ),
    async (req) => {
      await editPrice(db, req.auth, req.body);
      return ok(req);
    },
  );

  app.post(
    '/bas/price/delete/:id',
    spec(
      { permission: 'bas:price:remove', feeRole: true, operlog: title(BUSINESS_TYPE.DELETE) },
      'Delete a price row not used by orders',
      { params: zIdParam },
    ),
    async (req) => {
      await deletePrice(db, req.auth, req.params.id);
      return ok(req);
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

  const leftGeog = alias(basGeog, 'left_geog');
  const destGeog = alias(basGeog, 'dest_geog');
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
  const contTitle = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'menu_cont_price_list',
    businessType,
  });

  function contWhere(q: Partial<TContPriceListQuery>, day: string): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (q.containerType) parts.push(eq(basContPrice.containerType, q.containerType));
    if (q.busType) parts.push(eq(basContPrice.busType, q.busType));
    if (q.leftAddrId) parts.push(eq(basContPrice.leftAddrId, q.leftAddrId));
    if (q.destAddrId) parts.push(eq(basContPrice.destAddrId, q.destAddrId));
    if (q.vesselOwner) parts.push(ilike(basContPrice.vesselOwner, likeContains(q.vesselOwner)));
    if (q.validOn)
      parts.push(and(lte(basContPrice.validFromDate, q.validOn), gte(basContPrice.validToDate, q.validOn)));
    if (q.isOverdue === '1') parts.push(lt(basContPrice.validToDate, day));
    if (q.isOverdue === '0') parts.push(gte(basContPrice.validToDate, day));
    return allOf(parts);
  }

  async function selectCont(tx: DbOrTx, where: SQL | undefined, day: string, order: SQL[], limit = 1000, offset = 0) {
    const rows = await tx
      .select(contColumns)
      .from(basContPrice)
      .leftJoin(leftGeog, eq(leftGeog.id, basContPrice.leftAddrId))
      .leftJoin(destGeog, eq(destGeog.id, basContPrice.destAddrId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...r, isOverdue: isPriceOverdue(r, day) ? ('1' as const) : ('0' as const) }));
  }

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

  app.get(
    '/bas/contPrice/list',
    spec({ permission: 'bas:contPrice', feeRole: true }, 'Container prices', { querystring: ZContPriceListQuery }),
    async (req) => {
      const day = today();
      const where = contWhere(req.query, day);
      const { limit, offset } = pageOf(req.query);
      const order = orderOf(
        req.query,
        {
          createTime: basContPrice.createTime,
          updateTime: basContPrice.updateTime,
          validFromDate: basContPrice.validFromDate,
          validToDate: basContPrice.validToDate,
          apPrice: basContPrice.apPrice,
          arPrice: basContPrice.arPrice,
        },
        [desc(basContPrice.createTime), desc(basContPrice.id)],
      );
      const [rows, [count]] = await Promise.all([
        selectCont(db, where, day, order, limit, offset),
        db.select({ n: sql<number>`count(*)::int` }).from(basContPrice).where(where),
      ]);
      return table(req, rows, count?.n ?? 0);
    },
  );

  app.get(
    '/bas/contPrice/:id',
    spec({ permission: ['bas:contPrice', 'bas:contPrice:edit'], feeRole: true }, 'One container price', {
      params: zIdParam,
    }),
    async (req) => {
      const [row] = await selectCont(db, eq(basContPrice.id, req.params.id), today(), [desc(basContPrice.id)], 1);
      if (!row) throw notFound();
      return ok(req, row);
    },
  );

  app.post(
    '/bas/contPrice/add',
    spec(
      { permission: 'bas:contPrice:add', feeRole: true, operlog: contTitle(BUSINESS_TYPE.INSERT) },
      'Add a container price',
      { body: ZContPriceAddBody },
    ),
    async (req) => {
      const id = await db.transaction(async (tx) => {
        await checkRoute(tx, req.body);
        await assertContNoOverlap(tx, req.body);
        const [row] = await tx
          .insert(basContPrice)
          .values({ ...contValues(req.body), createBy: req.auth.userName })
          .returning({ id: basContPrice.id });
        return row!.id;
      });
      return ok(req, { id });
    },
  );

  app.post(
    '/bas/contPrice/edit',
    spec(
      { permission: 'bas:contPrice:edit', feeRole: true, operlog: contTitle(BUSINESS_TYPE.UPDATE) },
      'Edit a container price (optimistic version)',
      { body: ZContPriceEditBody },
    ),
    async (req) => {
      const b = req.body;
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ id: basContPrice.id }).from(basContPrice).where(eq(basContPrice.id, b.id));
        if (!current) throw notFound();
        await checkRoute(tx, b);
        await assertContNoOverlap(tx, b, b.id);
        await saveEdit(tx, basContPrice, b, contValues(b), req.auth.userName);
      });
      return ok(req);
    },
  );

  app.post(
    '/bas/contPrice/delete/:id',
    spec(
      { permission: 'bas:contPrice:remove', feeRole: true, operlog: contTitle(BUSINESS_TYPE.DELETE) },
      'Delete a container price',
      { params: zIdParam },
    ),
    async (req) => {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: basContPrice.id })
          .from(basContPrice)
          .where(eq(basContPrice.id, req.params.id))
          .for('update');
        if (!current) throw notFound();
        if (await isInUse(tx, 'contPrice', current.id)) throw inUse();
        await tx.delete(basContPrice).where(eq(basContPrice.id, current.id));
      });
      return ok(req);
    },
  );
};
