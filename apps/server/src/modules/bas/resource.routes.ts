import {
  ZDriverAddBody,
  ZDriverEditBody,
  ZDriverListQuery,
  ZVehicleAddBody,
  ZVehicleEditBody,
  ZVehicleListQuery,
} from '@theone/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dataScopeFilter } from '../../platform/auth/data-scope';
import type { DbOrTx } from '../../platform/db/database';
import { columnsOf, containsFilters, equalFilters, isUniqueViolation } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { badRequest, duplicate } from '../../platform/errors';
import { liveUserExists, userDeptId, userNameOf } from '../system/api';
import { basDriver, basVehicle } from './bas.table';
import { saveEdit } from './bas-common';
import { companyResourceRoutes } from './company-resource.routes';
import { registerCrud, registerSelect, tableReads } from './crud';
import { range } from './resource-query';
import { deleteUnlessInUse } from './usage';

/**
 * Drivers, vehicles, insurance and payment info (screens §3.12-3.15). Drivers and vehicles follow the data scope
 * of the department that created them (dispatchers see all); insurance and payment info are company-wide.
 * Each has a `select` for the forms of other screens (active rows only).
 */

export const resourceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  const userDept = (userId: number) => userDeptId(db, userId);

  async function checkUser(tx: DbOrTx, id: number | null | undefined, field: string) {
    if (!id) return;
    if (!(await liveUserExists(tx, id))) throw badRequest('err_invalid_value', { field }, field);
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
    userName: userNameOf(basDriver.userId),
    status: basDriver.status,
    remark: basDriver.remark,
    version: basDriver.version,
    createBy: basDriver.createBy,
    createTime: basDriver.createTime,
    updateBy: basDriver.updateBy,
    updateTime: basDriver.updateTime,
  };
  const drivers = tableReads({
    db,
    table: basDriver,
    rows: () =>
      db.select(driverColumns).from(basDriver).leftJoin(basVehicle, eq(basVehicle.id, basDriver.vehicleId)).$dynamic(),
    scope: driverScope,
    filters: (q: z.output<typeof ZDriverListQuery>) => [
      ...containsFilters(q, basDriver, ['driverName', 'phone']),
      ...equalFilters(q, basDriver, ['country', 'status']),
      range(basDriver.createTime, q),
    ],
    orderable: { createTime: basDriver.createTime, licenceExpiry: basDriver.licenceExpiry },
    defaultOrder: [desc(basDriver.createTime), desc(basDriver.id)],
  });

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
    list: drivers.list,
    get: drivers.get,
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
      await drivers.inScope(req, b.id);
      await checkVehicle(db, b.vehicleId);
      await checkUser(db, b.userId, 'userId');
      await saveEdit(db, basDriver, b, driverValues(b), req.auth.userName);
    },
    async remove(req, id) {
      await deleteUnlessInUse(db, basDriver, 'driver', id, {
        scope: driverScope(req),
        beforeDelete: (tx) => tx.update(basVehicle).set({ driverId: null }).where(eq(basVehicle.driverId, id)),
      });
    },
  });

  registerSelect(app, {
    url: '/bas/driver/select',
    summary: 'Active drivers for selects',
    rows: () =>
      db
        .select(columnsOf(basDriver, ['id', 'driverName', 'phone', 'country', 'vehicleId', 'userId']))
        .from(basDriver)
        .$dynamic(),
    status: basDriver.status,
    keyword: basDriver.driverName,
    order: [asc(basDriver.driverName)],
  });

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
  const vehicles = tableReads({
    db,
    table: basVehicle,
    rows: () =>
      db.select(vehicleColumns).from(basVehicle).leftJoin(basDriver, eq(basDriver.id, basVehicle.driverId)).$dynamic(),
    scope: vehicleScope,
    filters: (q: z.output<typeof ZVehicleListQuery>) => [
      ...containsFilters(q, basVehicle, ['plateNo']),
      ...equalFilters(q, basVehicle, ['country', 'vehicleType', 'status']),
      range(basVehicle.createTime, q),
    ],
    orderable: {
      createTime: basVehicle.createTime,
      insuranceExpiry: basVehicle.insuranceExpiry,
      capacityKg: basVehicle.capacityKg,
    },
    defaultOrder: [desc(basVehicle.createTime), desc(basVehicle.id)],
  });

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
    list: vehicles.list,
    get: vehicles.get,
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
      await vehicles.inScope(req, b.id);
      await checkDriver(db, b.driverId);
      const values = vehicleValues(b);
      try {
        await saveEdit(db, basVehicle, b, values, req.auth.userName);
      } catch (err) {
        if (isUniqueViolation(err, 'bas_vehicle_plate_uq')) throw plateTaken(values.plateNo);
        throw err;
      }
    },
    async remove(req, id) {
      await deleteUnlessInUse(db, basVehicle, 'vehicle', id, {
        scope: vehicleScope(req),
        beforeDelete: (tx) => tx.update(basDriver).set({ vehicleId: null }).where(eq(basDriver.vehicleId, id)),
      });
    },
  });

  registerSelect(app, {
    url: '/bas/vehicle/select',
    summary: 'Active vehicles for selects',
    rows: () =>
      db
        .select(columnsOf(basVehicle, ['id', 'plateNo', 'country', 'vehicleType', 'driverId']))
        .from(basVehicle)
        .$dynamic(),
    status: basVehicle.status,
    keyword: basVehicle.plateNo,
    order: [asc(basVehicle.plateNo)],
  });

  // Insurance and payment info (company-wide)
  await companyResourceRoutes(app, deps);
};
