import {
  ZDriverAddBody,
  ZDriverEditBody,
  ZDriverListQuery,
  ZInsuranceAddBody,
  ZInsuranceEditBody,
  ZInsuranceListQuery,
  ZPayinfoAddBody,
  ZPayinfoEditBody,
  ZPayinfoListQuery,
  ZVehicleAddBody,
  ZVehicleEditBody,
  ZVehicleListQuery,
} from '@theone/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context';
import { dataScopeFilter } from '../../platform/auth/data-scope';
import type { DbOrTx } from '../../platform/db/database';
import { allOf, isUniqueViolation } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { badRequest, changedReload, duplicate, inUse, notFound } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { dateRange, likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { assertFileReadable } from '../file/file-access';
import { sysUser } from '../system/user/user.table';
import { basDriver, basInsurance, basPayinfo, basVehicle } from './bas.table';
import { registerCrud } from './crud';
import { isInUse } from './usage';

/**
 * Drivers, vehicles, insurance and payment info (screens §3.12-3.15). Drivers and vehicles follow the data scope
 * of the department that created them (dispatchers see all); insurance and payment info are company-wide.
 * Each has a `select` for the forms of other screens (active rows only).
 */

const count = async (
  db: DbOrTx,
  tableRef: typeof basDriver | typeof basVehicle | typeof basInsurance | typeof basPayinfo,
  where: SQL | undefined,
) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tableRef).where(where);
  return row?.n ?? 0;
};

const range = (column: Parameters<typeof dateRange>[0], q: Record<string, unknown>) =>
  dateRange(column, {
    'params[beginTime]': q['params[beginTime]'] as string | undefined,
    'params[endTime]': q['params[endTime]'] as string | undefined,
  });

const zSelectQuery = z.object({ keyword: z.string().trim().max(50).optional() }).strict();

export const resourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['bas'];

  async function userDept(userId: number) {
    const [u] = await db.select({ deptId: sysUser.deptId }).from(sysUser).where(eq(sysUser.userId, userId));
    return u?.deptId ?? null;
  }

  async function checkUser(tx: DbOrTx, id: number | null | undefined, field: string) {
    if (!id) return;
    const [u] = await tx
      .select({ id: sysUser.userId })
      .from(sysUser)
      .where(and(eq(sysUser.userId, id), eq(sysUser.delFlag, '0')));
    if (!u) throw badRequest('err_invalid_value', { field }, field);
  }

  // -------------------------------------------------------------------------------------------------
  // Drivers

  const driverScope = (req: FastifyRequest) =>
    dataScopeFilter(req.auth, {
      dept: basDriver.deptId,
      self: sql`(${basDriver.createBy} = ${req.auth.userName} OR ${basDriver.userId} = ${req.auth.userId})`,
    });

  const driverColumns = {
    id: basDriver.id,
    driverName: basDriver.driverName,
    phone: basDriver.phone,
    country: basDriver.country,
    idCard: basDriver.idCard,
    licenceNo: basDriver.licenceNo,
    licenceExpiry: basDriver.licenceExpiry,
    vehicleId: basDriver.vehicleId,
    vehiclePlate: basVehicle.plateNo,
    employment: basDriver.employment,
    userId: basDriver.userId,
    userName: sysUser.userName,
    status: basDriver.status,
    remark: basDriver.remark,
    version: basDriver.version,
    createBy: basDriver.createBy,
    createTime: basDriver.createTime,
    updateBy: basDriver.updateBy,
    updateTime: basDriver.updateTime,
  };
  const selectDrivers = (where: SQL | undefined, order: SQL[], limit: number, offset = 0) =>
    db
      .select(driverColumns)
      .from(basDriver)
      .leftJoin(basVehicle, eq(basVehicle.id, basDriver.vehicleId))
      .leftJoin(sysUser, eq(sysUser.userId, basDriver.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);

  async function checkVehicle(tx: DbOrTx, id: number | null | undefined) {
    if (!id) return;
    const [v] = await tx.select({ id: basVehicle.id }).from(basVehicle).where(eq(basVehicle.id, id));
    if (!v) throw badRequest('err_invalid_value', { field: 'vehicleId' }, 'vehicleId');
  }

  const driverValues = (b: z.output<typeof ZDriverAddBody>) => ({
    driverName: b.driverName,
    phone: b.phone,
    country: b.country,
    idCard: b.idCard ?? '',
    licenceNo: b.licenceNo,
    licenceExpiry: b.licenceExpiry ?? null,
    vehicleId: b.vehicleId ?? null,
    employment: b.employment,
    userId: b.userId ?? null,
    status: b.status,
    remark: b.remark,
  });

  registerCrud(app, {
    base: '/bas/driver',
    perm: 'bas:driver',
    title: 'menu_driver_list',
    summary: 'Drivers',
    listQuery: ZDriverListQuery,
    addBody: ZDriverAddBody,
    editBody: ZDriverEditBody,
    async list(req, q) {
      const where = allOf([
        driverScope(req),
        q.driverName ? ilike(basDriver.driverName, likeContains(q.driverName)) : undefined,
        q.phone ? ilike(basDriver.phone, likeContains(q.phone)) : undefined,
        q.country ? eq(basDriver.country, q.country) : undefined,
        q.status ? eq(basDriver.status, q.status) : undefined,
        range(basDriver.createTime, q),
      ]);
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, { createTime: basDriver.createTime, licenceExpiry: basDriver.licenceExpiry }, [
        desc(basDriver.createTime),
        desc(basDriver.id),
      ]);
      const [rows, total] = await Promise.all([
        selectDrivers(where, order, limit, offset),
        count(db, basDriver, where),
      ]);
      return { rows, total };
    },
    async get(req, id) {
      const [row] = await selectDrivers(allOf([eq(basDriver.id, id), driverScope(req)]), [desc(basDriver.id)], 1);
      if (!row) throw notFound();
      return row;
    },
    async add(req, b) {
      await checkVehicle(db, b.vehicleId);
      await checkUser(db, b.userId, 'userId');
      const [row] = await db
        .insert(basDriver)
        .values({ ...driverValues(b), deptId: await userDept(req.auth.userId), createBy: req.auth.userName })
        .returning({ id: basDriver.id });
      return row!.id;
    },
    async edit(req, b) {
      const [current] = await db
        .select({ id: basDriver.id })
        .from(basDriver)
        .where(allOf([eq(basDriver.id, b.id), driverScope(req)]));
      if (!current) throw notFound();
      await checkVehicle(db, b.vehicleId);
      await checkUser(db, b.userId, 'userId');
      const [updated] = await db
        .update(basDriver)
        .set({
          ...driverValues(b),
          version: sql`${basDriver.version} + 1`,
          updateBy: req.auth.userName,
          updateTime: sql`now()`,
        })
        .where(and(eq(basDriver.id, b.id), eq(basDriver.version, b.version)))
        .returning({ id: basDriver.id });
      if (!updated) throw changedReload();
    },
    async remove(req, id) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: basDriver.id })
          .from(basDriver)
          .where(allOf([eq(basDriver.id, id), driverScope(req)]))
          .for('update');
        if (!current) throw notFound();
        if (await isInUse(tx, 'driver', id)) throw inUse();
        await tx.update(basVehicle).set({ driverId: null }).where(eq(basVehicle.driverId, id));
        await tx.delete(basDriver).where(eq(basDriver.id, id));
      });
    },
  });

  app.get(
    '/bas/driver/select',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Active drivers for selects', querystring: zSelectQuery },
    },
    async (req) => {
      const rows = await db
        .select({
          id: basDriver.id,
          driverName: basDriver.driverName,
          phone: basDriver.phone,
          country: basDriver.country,
          vehicleId: basDriver.vehicleId,
          userId: basDriver.userId,
        })
        .from(basDriver)
        .where(
          allOf([
            eq(basDriver.status, '0'),
            req.query.keyword ? ilike(basDriver.driverName, likeContains(req.query.keyword)) : undefined,
          ]),
        )
        .orderBy(asc(basDriver.driverName))
        .limit(200);
      return ok(req, rows);
    },
  );

  // -------------------------------------------------------------------------------------------------
  // Vehicles

  const vehicleScope = (req: FastifyRequest) =>
    dataScopeFilter(req.auth, { dept: basVehicle.deptId, self: sql`${basVehicle.createBy} = ${req.auth.userName}` });

  const vehicleColumns = {
    id: basVehicle.id,
    plateNo: basVehicle.plateNo,
    country: basVehicle.country,
    vehicleType: basVehicle.vehicleType,
    capacityKg: basVehicle.capacityKg,
    capacityCbm: basVehicle.capacityCbm,
    driverId: basVehicle.driverId,
    driverName: basDriver.driverName,
    ownership: basVehicle.ownership,
    insuranceExpiry: basVehicle.insuranceExpiry,
    status: basVehicle.status,
    remark: basVehicle.remark,
    version: basVehicle.version,
    createBy: basVehicle.createBy,
    createTime: basVehicle.createTime,
    updateBy: basVehicle.updateBy,
    updateTime: basVehicle.updateTime,
  };
  const selectVehicles = (where: SQL | undefined, order: SQL[], limit: number, offset = 0) =>
    db
      .select(vehicleColumns)
      .from(basVehicle)
      .leftJoin(basDriver, eq(basDriver.id, basVehicle.driverId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);

  async function checkDriver(tx: DbOrTx, id: number | null | undefined) {
    if (!id) return;
    const [d] = await tx.select({ id: basDriver.id }).from(basDriver).where(eq(basDriver.id, id));
    if (!d) throw badRequest('err_invalid_value', { field: 'driverId' }, 'driverId');
  }

  const vehicleValues = (b: z.output<typeof ZVehicleAddBody>) => ({
    plateNo: b.plateNo.replace(/\s+/g, ' ').toUpperCase(),
    country: b.country,
    vehicleType: b.vehicleType,
    capacityKg: b.capacityKg ?? null,
    capacityCbm: b.capacityCbm ?? null,
    driverId: b.driverId ?? null,
    ownership: b.ownership,
    insuranceExpiry: b.insuranceExpiry ?? null,
    status: b.status,
    remark: b.remark,
  });

  const plateTaken = (plate: string) => duplicate('bas_msg_plate_exists', { value: plate });

  registerCrud(app, {
    base: '/bas/vehicle',
    perm: 'bas:vehicle',
    title: 'menu_vehicle_list',
    summary: 'Vehicles',
    listQuery: ZVehicleListQuery,
    addBody: ZVehicleAddBody,
    editBody: ZVehicleEditBody,
    async list(req, q) {
      const where = allOf([
        vehicleScope(req),
        q.plateNo ? ilike(basVehicle.plateNo, likeContains(q.plateNo)) : undefined,
        q.country ? eq(basVehicle.country, q.country) : undefined,
        q.vehicleType ? eq(basVehicle.vehicleType, q.vehicleType) : undefined,
        q.status ? eq(basVehicle.status, q.status) : undefined,
        range(basVehicle.createTime, q),
      ]);
      const { limit, offset } = pageOf(q);
      const order = orderOf(
        q,
        {
          createTime: basVehicle.createTime,
          insuranceExpiry: basVehicle.insuranceExpiry,
          capacityKg: basVehicle.capacityKg,
        },
        [desc(basVehicle.createTime), desc(basVehicle.id)],
      );
      const [rows, total] = await Promise.all([
        selectVehicles(where, order, limit, offset),
        count(db, basVehicle, where),
      ]);
      return { rows, total };
    },
    async get(req, id) {
      const [row] = await selectVehicles(allOf([eq(basVehicle.id, id), vehicleScope(req)]), [desc(basVehicle.id)], 1);
      if (!row) throw notFound();
      return row;
    },
    async add(req, b) {
      await checkDriver(db, b.driverId);
      const values = vehicleValues(b);
      try {
        const [row] = await db
          .insert(basVehicle)
          .values({ ...values, deptId: await userDept(req.auth.userId), createBy: req.auth.userName })
          .returning({ id: basVehicle.id });
        return row!.id;
      } catch (err) {
        if (isUniqueViolation(err, 'bas_vehicle_plate_uq')) throw plateTaken(values.plateNo);
        throw err;
      }
    },
    async edit(req, b) {
      const [current] = await db
        .select({ id: basVehicle.id })
        .from(basVehicle)
        .where(allOf([eq(basVehicle.id, b.id), vehicleScope(req)]));
      if (!current) throw notFound();
      await checkDriver(db, b.driverId);
      const values = vehicleValues(b);
      try {
        const [updated] = await db
          .update(basVehicle)
          .set({
            ...values,
            version: sql`${basVehicle.version} + 1`,
            updateBy: req.auth.userName,
            updateTime: sql`now()`,
          })
          .where(and(eq(basVehicle.id, b.id), eq(basVehicle.version, b.version)))
          .returning({ id: basVehicle.id });
        if (!updated) throw changedReload();
      } catch (err) {
        if (isUniqueViolation(err, 'bas_vehicle_plate_uq')) throw plateTaken(values.plateNo);
        throw err;
      }
    },
    async remove(req, id) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: basVehicle.id })
          .from(basVehicle)
          .where(allOf([eq(basVehicle.id, id), vehicleScope(req)]))
          .for('update');
        if (!current) throw notFound();
        if (await isInUse(tx, 'vehicle', id)) throw inUse();
        await tx.update(basDriver).set({ vehicleId: null }).where(eq(basDriver.vehicleId, id));
        await tx.delete(basVehicle).where(eq(basVehicle.id, id));
      });
    },
  });

  app.get(
    '/bas/vehicle/select',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Active vehicles for selects', querystring: zSelectQuery },
    },
    async (req) => {
      const rows = await db
        .select({
          id: basVehicle.id,
          plateNo: basVehicle.plateNo,
          country: basVehicle.country,
          vehicleType: basVehicle.vehicleType,
          driverId: basVehicle.driverId,
        })
        .from(basVehicle)
        .where(
          allOf([
            eq(basVehicle.status, '0'),
            req.query.keyword ? ilike(basVehicle.plateNo, likeContains(req.query.keyword)) : undefined,
          ]),
        )
        .orderBy(asc(basVehicle.plateNo))
        .limit(200);
      return ok(req, rows);
    },
  );

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
        const [updated] = await tx
          .update(basInsurance)
          .set({
            ...insuranceValues(b),
            version: sql`${basInsurance.version} + 1`,
            updateBy: req.auth.userName,
            updateTime: sql`now()`,
          })
          .where(and(eq(basInsurance.id, b.id), eq(basInsurance.version, b.version)))
          .returning({ id: basInsurance.id });
        if (!updated) throw changedReload();
        if (b.isDefault === '1') await oneDefaultInsurance(tx, b.id, b.busType);
      });
    },
    async remove(_req, id) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: basInsurance.id })
          .from(basInsurance)
          .where(eq(basInsurance.id, id))
          .for('update');
        if (!current) throw notFound();
        if (await isInUse(tx, 'insurance', id)) throw inUse();
        await tx.delete(basInsurance).where(eq(basInsurance.id, id));
      });
    },
  });

  app.get(
    '/bas/insurance/select',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Active insurance products (rates need the fee role)', querystring: zSelectQuery },
    },
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
        const [updated] = await tx
          .update(basPayinfo)
          .set({
            ...payinfoValues(b),
            version: sql`${basPayinfo.version} + 1`,
            updateBy: req.auth.userName,
            updateTime: sql`now()`,
          })
          .where(and(eq(basPayinfo.id, b.id), eq(basPayinfo.version, b.version)))
          .returning({ id: basPayinfo.id });
        if (!updated) throw changedReload();
        if (b.isDefault === '1') await oneDefaultPayinfo(tx, b.id, b.currency);
      });
    },
    async remove(_req, id) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: basPayinfo.id })
          .from(basPayinfo)
          .where(eq(basPayinfo.id, id))
          .for('update');
        if (!current) throw notFound();
        if (await isInUse(tx, 'payinfo', id)) throw inUse();
        await tx.delete(basPayinfo).where(eq(basPayinfo.id, id));
      });
    },
  });

  app.get(
    '/bas/payinfo/select',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Active receiving accounts (bills, write-off dialog)', querystring: zSelectQuery },
    },
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
