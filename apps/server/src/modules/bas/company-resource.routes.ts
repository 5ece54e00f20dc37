import {
  ZInsuranceAddBody,
  ZInsuranceEditBody,
  ZInsuranceListQuery,
  ZPayinfoAddBody,
  ZPayinfoEditBody,
  ZPayinfoListQuery,
} from '@theone/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { columnsOf, containsFilters, equalFilters } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { assertFileReadable } from '../file/file-access';
import { basInsurance, basPayinfo } from './bas.table';
import { saveEdit } from './bas-common';
import { registerCrud, registerSelect, tableReads } from './crud';
import { range } from './resource-query';
import { deleteUnlessInUse } from './usage';

/** Insurance and payment info (screens §3.14-3.15): company-wide records, no data scope. Part of `resourceRoutes`. */
export const companyResourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  /**
   * The add and edit of a record with one default per group (insurance per transport mode, '' = all modes; accounts
   * per currency), each in one transaction: `check` first, then saving a default clears the other defaults of its
   * group.
   */
  function oneDefaultWrites<T extends typeof basInsurance | typeof basPayinfo, B extends { isDefault: string }>(w: {
    table: T;
    /** the group's column and the body's value of it */
    group: (b: B) => [AnyPgColumn, string];
    values: (b: B) => PgInsertValue<T>;
    inScope: (req: FastifyRequest, id: number, tx: DbOrTx) => Promise<void>;
    check?: (tx: DbOrTx, req: FastifyRequest, b: B) => Promise<void>;
  }) {
    const { table } = w;
    async function clearOtherDefaults(tx: DbOrTx, id: number, b: B) {
      if (b.isDefault !== '1') return;
      const [column, value] = w.group(b);
      await tx
        .update(table)
        .set({ isDefault: '0' } as PgUpdateSetSource<T>)
        .where(and(eq(column, value), eq(table.isDefault, '1'), sql`${table.id} <> ${id}`));
    }
    return {
      add: (req: FastifyRequest, b: B) =>
        db.transaction(async (tx) => {
          await w.check?.(tx, req, b);
          const [row] = await tx
            .insert(table)
            .values({ ...w.values(b), createBy: req.auth.userName })
            .returning({ id: table.id });
          await clearOtherDefaults(tx, row!.id, b);
          return row!.id;
        }),
      edit: (req: FastifyRequest, b: B & { id: number; version: number }) =>
        db.transaction(async (tx) => {
          await w.inScope(req, b.id, tx);
          await w.check?.(tx, req, b);
          await saveEdit(tx, table, b, w.values(b) as PgUpdateSetSource<T>, req.auth.userName);
          await clearOtherDefaults(tx, b.id, b);
        }),
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Insurance

  const insuranceValues = (b: z.output<typeof ZInsuranceAddBody>) => ({
    insuranceName: b.insuranceName,
    insurer: b.insurer,
    insuranceRate: b.insuranceRate,
    minPremium: b.minPremium ?? null,
    currency: b.currency,
    busType: b.busType,
    validFromDate: b.validFromDate ?? null,
    validToDate: b.validToDate ?? null,
    isDefault: b.isDefault,
    status: b.status,
    remark: b.remark,
  });

  const insurance = tableReads({
    db,
    table: basInsurance,
    rows: () => db.select().from(basInsurance).$dynamic(),
    filters: (q: z.output<typeof ZInsuranceListQuery>) => [
      ...containsFilters(q, basInsurance, ['insuranceName']),
      ...equalFilters(q, basInsurance, ['status', 'busType']),
      range(basInsurance.createTime, q),
    ],
    orderable: {
      createTime: basInsurance.createTime,
      insuranceRate: basInsurance.insuranceRate,
      minPremium: basInsurance.minPremium,
    },
    defaultOrder: [desc(basInsurance.isDefault), desc(basInsurance.createTime), desc(basInsurance.id)],
  });

  registerCrud(app, {
    base: '/bas/insurance',
    perm: 'bas:insurance',
    title: 'menu_insurance_list',
    summary: 'Insurance',
    listQuery: ZInsuranceListQuery,
    addBody: ZInsuranceAddBody,
    editBody: ZInsuranceEditBody,
    list: insurance.list,
    get: insurance.get,
    ...oneDefaultWrites({
      table: basInsurance,
      group: (b: z.output<typeof ZInsuranceAddBody>) => [basInsurance.busType, b.busType],
      values: insuranceValues,
      inScope: insurance.inScope,
    }),
    async remove(_req, id) {
      await deleteUnlessInUse(db, basInsurance, 'insurance', id);
    },
  });

  registerSelect(app, {
    url: '/bas/insurance/select',
    summary: 'Active insurance products (rates need the fee role)',
    rows: () =>
      db
        .select(
          columnsOf(basInsurance, [
            'id',
            'insuranceName',
            'busType',
            'currency',
            'insuranceRate',
            'minPremium',
            'isDefault',
          ]),
        )
        .from(basInsurance)
        .$dynamic(),
    status: basInsurance.status,
    order: [desc(basInsurance.isDefault), asc(basInsurance.insuranceName)],
  });

  // -------------------------------------------------------------------------------------------------
  // Payment info

  /** The QR image must be a file the caller may read (their own upload, or the account's current QR). */
  async function checkQr(tx: DbOrTx, auth: AuthContext, fileId: string) {
    if (fileId) await assertFileReadable(tx, auth, fileId, 'qrFileId');
  }

  const payinfoValues = (b: z.output<typeof ZPayinfoAddBody>) => ({
    accountName: b.accountName,
    bankName: b.bankName,
    accountNo: b.accountNo,
    branch: b.branch,
    currency: b.currency,
    payType: b.payType,
    qrFileId: b.qrFileId,
    isDefault: b.isDefault,
    status: b.status,
    remark: b.remark,
  });

  const payinfoRow = (r: typeof basPayinfo.$inferSelect) => ({
    ...r,
    qrUrl: r.qrFileId ? `/file/download/${r.qrFileId}` : '',
  });

  const payinfo = tableReads({
    db,
    table: basPayinfo,
    rows: () => db.select().from(basPayinfo).$dynamic(),
    filters: (q: z.output<typeof ZPayinfoListQuery>) => [
      ...containsFilters(q, basPayinfo, ['accountName', 'bankName']),
      ...equalFilters(q, basPayinfo, ['currency', 'status']),
      range(basPayinfo.createTime, q),
    ],
    orderable: { createTime: basPayinfo.createTime },
    defaultOrder: [desc(basPayinfo.isDefault), desc(basPayinfo.createTime), desc(basPayinfo.id)],
    map: (rows) => rows.map(payinfoRow),
  });

  registerCrud(app, {
    base: '/bas/payinfo',
    perm: 'bas:payinfo',
    title: 'menu_payinfo_list',
    summary: 'Payment info',
    listQuery: ZPayinfoListQuery,
    addBody: ZPayinfoAddBody,
    editBody: ZPayinfoEditBody,
    list: payinfo.list,
    get: payinfo.get,
    ...oneDefaultWrites({
      table: basPayinfo,
      group: (b: z.output<typeof ZPayinfoAddBody>) => [basPayinfo.currency, b.currency],
      values: payinfoValues,
      inScope: payinfo.inScope,
      check: (tx, req, b) => checkQr(tx, req.auth, b.qrFileId),
    }),
    async remove(_req, id) {
      await deleteUnlessInUse(db, basPayinfo, 'payinfo', id);
    },
  });

  registerSelect(app, {
    url: '/bas/payinfo/select',
    summary: 'Active receiving accounts (bills, write-off dialog)',
    rows: () => db.select().from(basPayinfo).$dynamic(),
    status: basPayinfo.status,
    order: [desc(basPayinfo.isDefault), asc(basPayinfo.id)],
    map: payinfoRow,
  });
};
