import {
  normaliseDefaultAddress,
  ZAddressAddBody,
  ZAddressEditBody,
  ZAddressExportBody,
  ZAddressListQuery,
  zIdParam,
} from '@theone/contracts';
import { MARK_ANSWERS } from '@theone/contracts/bas/mark.responses';
import { answersOf } from '@theone/contracts/common/responses';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database';
import { allOf, containsFilters, equalFilters } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { changedReload, inUse, notFound } from '../../platform/errors';
import { type ExcelColumn, keysetBatches, sendExcel } from '../../platform/excel/excel';
import { ok, table } from '../../platform/http/envelope';
import { likeContains } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE, type BusinessType } from '../../platform/operlog';
import { basCorporationAddr, basMark } from './bas.table';
import { edited } from './bas-common';
import { tableReads } from './crud';
import { addressesOf } from './mark.service';
import { type Action, AGENT, CUSTOMER, EITHER, need } from './mark-access';
import { markScopeFilter } from './mark-scope';
import { range } from './resource-query';
import { isInUse } from './usage';

const ANSWER = answersOf(MARK_ANSWERS);

const ADDRESS_EXPORT_COLUMNS: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'mark', header: 'field_mark' },
  { key: 'corporation', header: 'field_corporation' },
  { key: 'contact', header: 'field_contact' },
  { key: 'tel', header: 'field_tel' },
  { key: 'addr', header: 'field_addr' },
  { key: 'isDefault', header: 'field_is_default', type: 'dict', dict: 'bas_flag' },
  { key: 'createTime', header: 'field_create_time', type: 'datetime' },
];

/** An address row on the wire (list, export, one address): with its mark's code and name. */
const addrSelect = {
  id: basCorporationAddr.id,
  markId: basCorporationAddr.markId,
  mark: basMark.mark,
  nameZh: basMark.nameZh,
  corporation: basCorporationAddr.corporation,
  contact: basCorporationAddr.contact,
  tel: basCorporationAddr.tel,
  addr: basCorporationAddr.addr,
  isDefault: basCorporationAddr.isDefault,
  version: basCorporationAddr.version,
  createBy: basCorporationAddr.createBy,
  createTime: basCorporationAddr.createTime,
  updateTime: basCorporationAddr.updateTime,
};

/**
 * /bas/corporationAddr (spec §7 'Base data'): the addresses of a mark, read and written with the rights on the mark
 * (mark-access.ts). Registered by markRoutes.
 */
export const corporationAddrRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const addrWrite = [`${CUSTOMER}:add`, `${CUSTOMER}:edit`, `${AGENT}:add`, `${AGENT}:edit`] as const;
  const addrTitle = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'bas_corporation_addr',
    businessType,
  });

  /** The mark of an address in the caller's scope (404 otherwise), with the caller's right on it. */
  async function markFor(tx: DbOrTx, req: FastifyRequest, markId: number, actions: Action[]) {
    const [m] = await tx
      .select({ id: basMark.id, isAgent: basMark.isAgent })
      .from(basMark)
      .where(allOf([eq(basMark.id, markId), markScopeFilter(req.auth)]));
    if (!m) throw notFound();
    need(req, m.isAgent, ...actions);
    return m;
  }

  /**
   * Before a write of a mark's addresses: the caller's add or edit right on the mark (404 outside the scope), and
   * the mark locked, so that writes of its addresses wait for each other and fixDefault sees them all.
   */
  async function lockMarkFor(tx: DbOrTx, req: FastifyRequest, markId: number) {
    await markFor(tx, req, markId, ['add', 'edit']);
    await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.id, markId)).for('update');
  }

  /** The address `id` (404 when missing) after lockMarkFor on its mark. */
  async function lockedAddress(tx: DbOrTx, req: FastifyRequest, id: number) {
    const [current] = await tx.select().from(basCorporationAddr).where(eq(basCorporationAddr.id, id));
    if (!current) throw notFound();
    await lockMarkFor(tx, req, current.markId);
    return current;
  }

  /** The fields of an address as the add and edit forms send them. */
  const addressFields = (b: Omit<z.output<typeof ZAddressAddBody>, 'markId'>) => ({
    corporation: b.corporation,
    contact: b.contact,
    tel: b.tel,
    addr: b.addr,
    isDefault: b.isDefault,
  });

  /** The add, edit and delete of addresses: either kind's add or edit key, logged under the address screen. */
  const write = <S extends NonNullable<Parameters<typeof spec>[2]>>(
    businessType: BusinessType,
    summary: string,
    schema: S,
  ) => spec({ permission: addrWrite, operlog: addrTitle(businessType) }, summary, schema);

  const addrRows = () =>
    db
      .select(addrSelect)
      .from(basCorporationAddr)
      .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
      .$dynamic();

  /** The addresses of the marks in the caller's scope (an address of a mark outside it is a 404). */
  const addresses = tableReads({
    db,
    table: basCorporationAddr,
    rows: addrRows,
    count: async (where) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(basCorporationAddr)
        .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
        .where(where);
      return row?.n ?? 0;
    },
    scope: (req) => {
      const scope = markScopeFilter(req.auth);
      return scope
        ? sql`${basCorporationAddr.markId} IN (SELECT ${basMark.id} FROM ${basMark} WHERE ${scope})`
        : undefined;
    },
    filters: (q: z.output<typeof ZAddressListQuery>) => [
      ...equalFilters(q, basCorporationAddr, ['markId']),
      q.mark ? ilike(basMark.mark, likeContains(q.mark)) : undefined,
      ...containsFilters(q, basCorporationAddr, ['contact', 'tel', 'corporation']),
      range(basCorporationAddr.createTime, q),
    ],
    orderable: { createTime: basCorporationAddr.createTime },
    defaultOrder: [desc(basCorporationAddr.id)],
  });

  app.get(
    '/bas/corporationAddr/list',
    spec({ permission: EITHER }, 'Addresses of marks', { response: ANSWER.addrList, querystring: ZAddressListQuery }),
    async (req) => {
      const { rows, total } = await addresses.list(req, req.query);
      return table(req, rows, total);
    },
  );

  app.post(
    '/bas/corporationAddr/export',
    spec(
      {
        permission: [`${CUSTOMER}:export`, `${AGENT}:export`],
        operlog: addrTitle(BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      'Export addresses (.xlsx): filters, or the selected ids',
      { body: ZAddressExportBody },
    ),
    async (req, reply) => {
      const where = allOf([
        addresses.where(req, req.body),
        req.body.ids ? inArray(basCorporationAddr.id, req.body.ids) : undefined,
      ]);
      return sendExcel(req, reply, {
        db,
        fileName: 'bas_corporation_addr',
        columns: ADDRESS_EXPORT_COLUMNS,
        rows: keysetBatches(
          (after, limit) =>
            addrRows()
              .where(allOf([where, after ? sql`${basCorporationAddr.id} > ${after}` : undefined]))
              .orderBy(asc(basCorporationAddr.id))
              .limit(limit),
          (r) => r.id,
        ),
      });
    },
  );

  app.get(
    '/bas/corporationAddr/list/:id',
    spec({ permission: EITHER }, 'All addresses of one mark (id = mark id)', {
      response: ANSWER.addrOfMark,
      params: zIdParam,
    }),
    async (req) => {
      await markFor(db, req, req.params.id, ['', 'info', 'edit']);
      return ok(req, await addressesOf(db, req.params.id));
    },
  );

  app.get(
    '/bas/corporationAddr/:id',
    spec({ permission: EITHER }, 'One address', { response: ANSWER.addrDetail, params: zIdParam }),
    async (req) => ok(req, await addresses.get(req, req.params.id)),
  );

  /** Keeps exactly one default among a mark's addresses (the one just flagged, else the oldest). */
  async function fixDefault(tx: DbOrTx, markId: number, preferId?: number) {
    const rows = await tx
      .select({ id: basCorporationAddr.id, isDefault: basCorporationAddr.isDefault })
      .from(basCorporationAddr)
      .where(eq(basCorporationAddr.markId, markId))
      .orderBy(asc(basCorporationAddr.id));
    if (!rows.length) return;
    const preferred = rows.find((r) => r.id === preferId && r.isDefault === '1');
    const normalised = preferred
      ? rows.map((r) => ({ ...r, isDefault: r.id === preferred.id ? ('1' as const) : ('0' as const) }))
      : normaliseDefaultAddress(
          rows.map((r) => ({ ...r, isDefault: r.isDefault === '1' ? ('1' as const) : ('0' as const) })),
        );
    for (const r of normalised) {
      const before = rows.find((x) => x.id === r.id)!;
      if (before.isDefault !== r.isDefault) {
        await tx.update(basCorporationAddr).set({ isDefault: r.isDefault }).where(eq(basCorporationAddr.id, r.id));
      }
    }
  }

  app.post(
    '/bas/corporationAddr/add',
    write(BUSINESS_TYPE.INSERT, 'Add an address', { response: ANSWER.added, body: ZAddressAddBody }),
    async (req) => {
      const b = req.body;
      const id = await db.transaction(async (tx) => {
        await lockMarkFor(tx, req, b.markId);
        const [row] = await tx
          .insert(basCorporationAddr)
          .values({ markId: b.markId, ...addressFields(b), createBy: req.auth.userName })
          .returning({ id: basCorporationAddr.id });
        await fixDefault(tx, b.markId, row!.id);
        return row!.id;
      });
      return ok(req, { id });
    },
  );

  app.post(
    '/bas/corporationAddr/edit',
    write(BUSINESS_TYPE.UPDATE, 'Edit an address', { response: ANSWER.done, body: ZAddressEditBody }),
    async (req) => {
      const b = req.body;
      await db.transaction(async (tx) => {
        const current = await lockedAddress(tx, req, b.id);
        const [updated] = await tx
          .update(basCorporationAddr)
          .set({ ...addressFields(b), ...edited(basCorporationAddr.version, req.auth.userName) })
          .where(
            and(
              eq(basCorporationAddr.id, b.id),
              b.version === undefined ? undefined : eq(basCorporationAddr.version, b.version),
            ),
          )
          .returning({ id: basCorporationAddr.id });
        if (!updated) throw changedReload();
        await fixDefault(tx, current.markId, b.isDefault === '1' ? b.id : undefined);
      });
      return ok(req);
    },
  );

  app.post(
    '/bas/corporationAddr/delete/:id',
    write(BUSINESS_TYPE.DELETE, 'Delete an address', { response: ANSWER.done, params: zIdParam }),
    async (req) => {
      await db.transaction(async (tx) => {
        const current = await lockedAddress(tx, req, req.params.id);
        if (await isInUse(tx, 'corporationAddr', current.id)) throw inUse();
        await tx.delete(basCorporationAddr).where(eq(basCorporationAddr.id, current.id));
        await fixDefault(tx, current.markId);
      });
      return ok(req);
    },
  );
};
