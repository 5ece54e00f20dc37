import {
  ZInsuranceAddBody,
  ZInsuranceEditBody,
  ZInsuranceListQuery,
  ZPayinfoAddBody,
  ZPayinfoEditBody,
  ZPayinfoListQuery,
} from '@theone/contracts';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { assertFileReadable } from '../file/file-access';
import { basInsurance, basPayinfo } from './bas.table';
import { saveEdit } from './bas-common';
import { registerCrud } from './crud';
import { count, range, zSelectQuery } from './resource-query';
import { deleteUnlessInUse } from './usage';

/** Insurance and payment info (screens §3.14-3.15): company-wide records, no data scope. Part of `resourceRoutes`. */
export const companyResourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
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

  /** One default per transport mode ('' = all modes): setting one clears the others. */
  async function oneDefaultInsurance(tx: DbOrTx, id: number, busType: string) {
    await tx
      .update(basInsurance)
      .set({ isDefault: '0' })
      .where(and(eq(basInsurance.busType, busType), eq(basInsurance.isDefault, '1'), sql`${basInsurance.id} <> ${id}`));
  }

  registerCrud(app, {
    base: '/bas/insurance',
    perm: 'bas:insurance',
    title: 'menu_insurance_list',
    summary: 'Insurance',
    listQuery: ZInsuranceListQuery,
    addBody: ZInsuranceAddBody,
    editBody: ZInsuranceEditBody,
    async list(_req, q) {
      const where = allOf([
        q.insuranceName ? ilike(basInsurance.insuranceName, likeContains(q.insuranceName)) : undefined,
        q.status ? eq(basInsurance.status, q.status) : undefined,
        q.busType ? eq(basInsurance.busType, q.busType) : undefined,
        range(basInsurance.createTime, q),
      ]);
      const { limit, offset } = pageOf(q);
      const order = orderOf(
        q,
        {
          createTime: basInsurance.createTime,
          insuranceRate: basInsurance.insuranceRate,
          minPremium: basInsurance.minPremium,
        },
        [desc(basInsurance.isDefault), desc(basInsurance.createTime), desc(basInsurance.id)],
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(basInsurance)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        count(db, basInsurance, where),
      ]);
      return { rows, total };
    },
    async get(_req, id) {
      const [row] = await db.select().from(basInsurance).where(eq(basInsurance.id, id));
      if (!row) throw notFound();
      return row;
    },
    async add(req, b) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(basInsurance)
          .values({ ...insuranceValues(b), createBy: req.auth.userName })
          .returning({ id: basInsurance.id });
        if (b.isDefault === '1') await oneDefaultInsurance(tx, row!.id, b.busType);
        return row!.id;
      });
    },
    async edit(req, b) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ id: basInsurance.id }).from(basInsurance).where(eq(basInsurance.id, b.id));
        if (!current) throw notFound();
        await saveEdit(tx, basInsurance, b, insuranceValues(b), req.auth.userName);
        if (b.isDefault === '1') await oneDefaultInsurance(tx, b.id, b.busType);
      });
    },
    async remove(_req, id) {
      await deleteUnlessInUse(db, basInsurance, 'insurance', id);
    },
  });

  app.get(
    '/bas/insurance/select',
    spec({ authenticated: true }, 'Active insurance products (rates need the fee role)', { querystring: zSelectQuery }),
    async (req) => {
      const rows = await db
        .select({
          id: basInsurance.id,
          insuranceName: basInsurance.insuranceName,
          busType: basInsurance.busType,
          currency: basInsurance.currency,
          insuranceRate: basInsurance.insuranceRate,
          minPremium: basInsurance.minPremium,
          isDefault: basInsurance.isDefault,
        })
        .from(basInsurance)
        .where(eq(basInsurance.status, '0'))
        .orderBy(desc(basInsurance.isDefault), asc(basInsurance.insuranceName))
        .limit(200);
      return ok(req, rows);
    },
  );

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

  /** One default account per currency. */
  async function oneDefaultPayinfo(tx: DbOrTx, id: number, currency: string) {
    await tx
      .update(basPayinfo)
      .set({ isDefault: '0' })
      .where(and(eq(basPayinfo.currency, currency), eq(basPayinfo.isDefault, '1'), sql`${basPayinfo.id} <> ${id}`));
  }

  const payinfoRow = (r: typeof basPayinfo.$inferSelect) => ({
    ...r,
    qrUrl: r.qrFileId ? `/file/download/${r.qrFileId}` : '',
  });

  registerCrud(app, {
    base: '/bas/payinfo',
    perm: 'bas:payinfo',
    title: 'menu_payinfo_list',
    summary: 'Payment info',
    listQuery: ZPayinfoListQuery,
    addBody: ZPayinfoAddBody,
    editBody: ZPayinfoEditBody,
    async list(_req, q) {
      const where = allOf([
        q.accountName ? ilike(basPayinfo.accountName, likeContains(q.accountName)) : undefined,
        q.bankName ? ilike(basPayinfo.bankName, likeContains(q.bankName)) : undefined,
        q.currency ? eq(basPayinfo.currency, q.currency) : undefined,
        q.status ? eq(basPayinfo.status, q.status) : undefined,
        range(basPayinfo.createTime, q),
      ]);
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, { createTime: basPayinfo.createTime }, [
        desc(basPayinfo.isDefault),
        desc(basPayinfo.createTime),
        desc(basPayinfo.id),
      ]);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(basPayinfo)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        count(db, basPayinfo, where),
      ]);
      return { rows: rows.map(payinfoRow), total };
    },
    async get(_req, id) {
      const [row] = await db.select().from(basPayinfo).where(eq(basPayinfo.id, id));
      if (!row) throw notFound();
      return payinfoRow(row);
    },
    async add(req, b) {
      return db.transaction(async (tx) => {
        await checkQr(tx, req.auth, b.qrFileId);
        const [row] = await tx
          .insert(basPayinfo)
          .values({ ...payinfoValues(b), createBy: req.auth.userName })
          .returning({ id: basPayinfo.id });
        if (b.isDefault === '1') await oneDefaultPayinfo(tx, row!.id, b.currency);
        return row!.id;
      });
    },
    async edit(req, b) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ id: basPayinfo.id }).from(basPayinfo).where(eq(basPayinfo.id, b.id));
        if (!current) throw notFound();
        await checkQr(tx, req.auth, b.qrFileId);
        await saveEdit(tx, basPayinfo, b, payinfoValues(b), req.auth.userName);
        if (b.isDefault === '1') await oneDefaultPayinfo(tx, b.id, b.currency);
      });
    },
    async remove(_req, id) {
      await deleteUnlessInUse(db, basPayinfo, 'payinfo', id);
    },
  });

  app.get(
    '/bas/payinfo/select',
    spec({ authenticated: true }, 'Active receiving accounts (bills, write-off dialog)', { querystring: zSelectQuery }),
    async (req) => {
      const rows = await db
        .select()
        .from(basPayinfo)
        .where(eq(basPayinfo.status, '0'))
        .orderBy(desc(basPayinfo.isDefault), asc(basPayinfo.id))
        .limit(200);
      return ok(req, rows.map(payinfoRow));
    },
  );
};
