import {
  div,
  STAFF_KIND_LIST,
  type TCurrateAddBody,
  type TLanguage,
  toRateString,
  ZCurrateAddBody,
  ZCurrateEditBody,
  ZCurrateListQuery,
  ZCurratePairParams,
  ZGeogSelectQuery,
  ZWarehouseSelectQuery,
} from '@theone/contracts';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database';
import { allOf, equalFilters } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { badRequest, duplicate, notFound } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { todayIn } from '../../platform/time';
import { staffOptions } from '../system/api';
import { basCurrate, basCurrency, basGeog, basWarehouse } from './bas.table';
import { nameIn, saveEdit } from './bas-common';
import { registerCrud, tableReads } from './crud';
import { rateInForce } from './currate.service';
import { deleteUnlessInUse } from './usage';

/**
 * Reference selects (spec §7: geog/select?orgId=, currency/select, warehouse/select) and exchange rates
 * (screens §3.16, GET currate/{src}/{dest}: the rate in force today).
 */

/** A coded option of a select (currency, warehouse): its three names and the label in the reader's language. */
const codedOption = (
  lang: TLanguage,
  r: { id: number; code: string; name: string; nameEn: string; nameTh: string },
) => ({ id: r.id, code: r.code, name: r.name, nameEn: r.nameEn, nameTh: r.nameTh, label: nameIn(lang, r) });

/** The stored fields of an exchange-rate form. */
const currateValues = (b: TCurrateAddBody) => ({
  srcCurrencyId: b.srcCurrencyId,
  destCurrencyId: b.destCurrencyId,
  rate: b.rate,
  effectiveDate: b.effectiveDate,
  remark: b.remark,
});

const zStaffQuery = z
  .object({
    /** a post code: its holders (the driver form links a driver to a user of the 'driver' post) */
    post: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[a-z_]{1,20}$/)
        .optional(),
    ),
    /** a job of a mark: holders of its post or role (contracts STAFF_KINDS: the mark form's pickers) */
    kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STAFF_KIND_LIST).optional()),
  })
  .strict();

const zRateQuery = z
  .object({
    date: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    ),
  })
  .strict();

export const referenceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const today = () => todayIn(config.timezone);

  app.get(
    '/bas/geog/select',
    spec(
      { authenticated: true },
      'Geography: orgId 1 origin cities, 2 destination countries (level 1) and cities (level 2)',
      { querystring: ZGeogSelectQuery },
    ),
    async (req) => {
      const rows = await db
        .select({
          id: basGeog.id,
          orgId: basGeog.orgId,
          parentId: basGeog.parentId,
          level: basGeog.level,
          code: basGeog.code,
          name: basGeog.name,
          nameEn: basGeog.nameEn,
          nameTh: basGeog.nameTh,
          orderNum: basGeog.orderNum,
        })
        .from(basGeog)
        .where(
          allOf([
            eq(basGeog.status, '0'),
            req.query.orgId ? eq(basGeog.orgId, req.query.orgId) : undefined,
            req.query.level ? eq(basGeog.level, req.query.level) : undefined,
          ]),
        )
        .orderBy(asc(basGeog.orgId), asc(basGeog.level), asc(basGeog.orderNum), asc(basGeog.id));
      return ok(
        req,
        rows.map((r) => ({ ...r, label: nameIn(req.lang, r) })),
      );
    },
  );

  app.get('/bas/currency/select', spec({ authenticated: true }, 'Currencies'), async (req) => {
    const rows = await db
      .select()
      .from(basCurrency)
      .where(eq(basCurrency.status, '0'))
      .orderBy(asc(basCurrency.orderNum), asc(basCurrency.id));
    return ok(
      req,
      rows.map((r) => ({ ...codedOption(req.lang, r), symbol: r.symbol })),
    );
  });

  app.get(
    '/bas/warehouse/select',
    spec({ authenticated: true }, 'Warehouses: whType 1 origin, 2 overseas', { querystring: ZWarehouseSelectQuery }),
    async (req) => {
      const rows = await db
        .select()
        .from(basWarehouse)
        .where(
          allOf([
            eq(basWarehouse.status, '0'),
            req.query.whType ? eq(basWarehouse.whType, req.query.whType) : undefined,
          ]),
        )
        .orderBy(asc(basWarehouse.orderNum), asc(basWarehouse.id));
      return ok(
        req,
        rows.map((r) => ({
          ...codedOption(req.lang, r),
          whType: r.whType,
          geogId: r.geogId,
          address: r.address,
          tel: r.tel,
        })),
      );
    },
  );

  app.get(
    '/bas/staff/select',
    spec(
      { authenticated: true },
      "Active staff for pickers: kind=sales|service (holders of that job's post or role), post=<code> (its holders)",
      {
        description:
          'Every signed-in user may call it (the pickers of several screens), so it answers what a picker shows and ' +
          "nothing more: the id, the display name and the department name in the reader's language. No login " +
          'name, phone, e-mail or posts (issue 11 item 5).',
        querystring: zStaffQuery,
      },
    ),
    async (req) => {
      const rows = await staffOptions(db, { post: req.query.post, kind: req.query.kind }, req.lang);
      return ok(req, rows);
    },
  );

  // -------------------------------------------------------------------------------------------------
  // Exchange rates

  const src = alias(basCurrency, 'src_currency');
  const dest = alias(basCurrency, 'dest_currency');
  const currateColumns = {
    id: basCurrate.id,
    srcCurrencyId: basCurrate.srcCurrencyId,
    srcCurrency: src.code,
    destCurrencyId: basCurrate.destCurrencyId,
    destCurrency: dest.code,
    rate: basCurrate.rate,
    effectiveDate: basCurrate.effectiveDate,
    remark: basCurrate.remark,
    version: basCurrate.version,
    createBy: basCurrate.createBy,
    createTime: basCurrate.createTime,
    updateBy: basCurrate.updateBy,
    updateTime: basCurrate.updateTime,
  };

  const rateRows = () =>
    db
      .select(currateColumns)
      .from(basCurrate)
      .leftJoin(src, eq(src.id, basCurrate.srcCurrencyId))
      .leftJoin(dest, eq(dest.id, basCurrate.destCurrencyId))
      .$dynamic();

  /** Adds the inverse rate and the 'in force' flag (the latest effective date <= today of its pair). */
  async function decorate(tx: DbOrTx, rows: Awaited<ReturnType<typeof rateRows>>, day: string) {
    const pairs = [...new Set(rows.map((r) => `${r.srcCurrencyId}:${r.destCurrencyId}`))];
    const inForce = new Map<string, number>();
    for (const pair of pairs) {
      const [s, d] = pair.split(':').map(Number) as [number, number];
      const [row] = await tx
        .select({ id: basCurrate.id })
        .from(basCurrate)
        .where(
          and(eq(basCurrate.srcCurrencyId, s), eq(basCurrate.destCurrencyId, d), lte(basCurrate.effectiveDate, day)),
        )
        .orderBy(desc(basCurrate.effectiveDate))
        .limit(1);
      if (row) inForce.set(pair, row.id);
    }
    return rows.map((r) => ({
      ...r,
      inverseRate: toRateString(div(1, r.rate)),
      inForce: inForce.get(`${r.srcCurrencyId}:${r.destCurrencyId}`) === r.id ? ('1' as const) : ('0' as const),
    }));
  }

  async function checkCurrencies(tx: DbOrTx, ids: number[]) {
    const rows = await tx.select({ id: basCurrency.id }).from(basCurrency).where(inArray(basCurrency.id, ids));
    if (rows.length !== new Set(ids).size)
      throw badRequest('err_invalid_value', { field: 'srcCurrencyId' }, 'srcCurrencyId');
  }

  function isPairDayTaken(err: unknown) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const pg = e.cause ?? e;
    return pg.code === '23505' && pg.constraint === 'bas_currate_pair_day_uq';
  }

  const rates = tableReads({
    db,
    table: basCurrate,
    rows: rateRows,
    filters: (q: z.output<typeof ZCurrateListQuery>) => [
      ...equalFilters(q, basCurrate, ['srcCurrencyId', 'destCurrencyId']),
      q.effectiveBegin ? gte(basCurrate.effectiveDate, q.effectiveBegin) : undefined,
      q.effectiveEnd ? lte(basCurrate.effectiveDate, q.effectiveEnd) : undefined,
    ],
    orderable: { createTime: basCurrate.createTime, effectiveDate: basCurrate.effectiveDate, rate: basCurrate.rate },
    defaultOrder: [desc(basCurrate.effectiveDate), desc(basCurrate.id)],
    map: (rows) => decorate(db, rows, today()),
  });

  registerCrud(app, {
    base: '/bas/currate',
    perm: 'bas:currate',
    title: 'menu_currate_list',
    summary: 'Exchange rates',
    listQuery: ZCurrateListQuery,
    addBody: ZCurrateAddBody,
    editBody: ZCurrateEditBody,
    list: rates.list,
    get: rates.get,
    async add(req, b) {
      await checkCurrencies(db, [b.srcCurrencyId, b.destCurrencyId]);
      try {
        const [row] = await db
          .insert(basCurrate)
          .values({ ...currateValues(b), createBy: req.auth.userName })
          .returning({ id: basCurrate.id });
        return row!.id;
      } catch (err) {
        if (isPairDayTaken(err)) throw duplicate('msg_rate_exists');
        throw err;
      }
    },
    async edit(req, b) {
      await rates.inScope(req, b.id);
      await checkCurrencies(db, [b.srcCurrencyId, b.destCurrencyId]);
      try {
        await saveEdit(db, basCurrate, b, currateValues(b), req.auth.userName);
      } catch (err) {
        if (isPairDayTaken(err)) throw duplicate('msg_rate_exists');
        throw err;
      }
    },
    async remove(_req, id) {
      await deleteUnlessInUse(db, basCurrate, 'currate', id);
    },
  });

  app.get(
    '/bas/currate/:srcCurrencyId/:destCurrencyId',
    spec(
      { authenticated: true },
      'The rate in force today (or on ?date=): the latest effective date not after it; derived from the inverse pair when only that exists',
      { params: ZCurratePairParams, querystring: zRateQuery },
    ),
    async (req) => {
      const found = await rateInForce(
        db,
        req.params.srcCurrencyId,
        req.params.destCurrencyId,
        req.query.date ?? today(),
      );
      if (!found) throw notFound('bas_msg_rate_missing');
      return ok(req, found);
    },
  );
};
