import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  day,
  idColumn,
  localizedNameColumns,
  money,
  rate,
  recordColumns,
  remarkColumn,
  statusColumn,
  versionColumn,
} from '../../platform/db/columns';

/**
 * Basic data (spec §3 'Mark', 'Agent', 'Pricing'; screens balance-bas-system §3). Money numeric(14,2), rates
 * numeric(12,6), all strings in TypeScript. Rows are deleted for real (after the usage checks of usage.ts):
 * the operation log keeps what was deleted. `deptId` (the sales person's department), `createBy`, `sales`
 * and `service` carry the data scope.
 */

/** Customers and agents (isAgent '1'); a customer with topMarkId is that agent's sub-mark. */
export const basMark = pgTable(
  'bas_mark',
  {
    id: idColumn(),
    mark: varchar({ length: 20 }).notNull(),
    nameZh: varchar({ length: 100 }).notNull().default(''),
    isAgent: char({ length: 1 }).notNull().default('0'),
    clientType: char({ length: 1 }).notNull().default('1'),
    topMarkId: bigint({ mode: 'number' }),
    /** linked sign-in account (optional) */
    userId: bigint({ mode: 'number' }),
    balanceType: char({ length: 1 }).notNull().default('5'),
    calPriceType: char({ length: 1 }).notNull().default('3'),
    sales: bigint({ mode: 'number' }),
    service: bigint({ mode: 'number' }),
    isPrintPrice: char({ length: 1 }).notNull().default('0'),
    credtLimit: money(),
    minAmount: money(),
    shippingChannels: text().array().notNull().default(sql`'{}'::text[]`),
    agentName: varchar({ length: 100 }).notNull().default(''),
    agentUserName: varchar({ length: 30 }).notNull().default(''),
    /** argon2 hash of the agent portal password, '' when none */
    agentPassword: varchar({ length: 200 }).notNull().default(''),
    realName: varchar({ length: 50 }).notNull().default(''),
    company: varchar({ length: 200 }).notNull().default(''),
    phone: varchar({ length: 30 }).notNull().default(''),
    addr: varchar({ length: 500 }).notNull().default(''),
    lastLoginTime: timestamp({ withTimezone: true }),
    deptId: bigint({ mode: 'number' }),
    ...recordColumns,
  },
  (t) => [
    uniqueIndex('bas_mark_mark_uq').on(t.mark),
    uniqueIndex('bas_mark_agent_user_uq').on(t.agentUserName).where(sql`agent_user_name <> ''`),
    index('bas_mark_top_idx').on(t.topMarkId),
    index('bas_mark_sales_idx').on(t.sales),
    index('bas_mark_service_idx').on(t.service),
    index('bas_mark_dept_idx').on(t.deptId),
    // the list's default order, newest first (ORDER BY create_time DESC, id DESC: nulls first, as written)
    index('bas_mark_created_idx').on(t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A mark's addresses (corporation, contact, tel, addr, one default). */
export const basCorporationAddr = pgTable(
  'bas_corporation_addr',
  {
    id: idColumn(),
    markId: bigint({ mode: 'number' }).notNull(),
    corporation: varchar({ length: 200 }).notNull().default(''),
    contact: varchar({ length: 50 }).notNull(),
    tel: varchar({ length: 30 }).notNull(),
    addr: varchar({ length: 500 }).notNull(),
    isDefault: char({ length: 1 }).notNull().default('0'),
    ...versionColumn,
    ...auditColumns,
  },
  (t) => [index('bas_corporation_addr_mark_idx').on(t.markId)],
);

/** Freight price rows (DOMAIN §4). markId null = all marks. */
export const basPrice = pgTable(
  'bas_price',
  {
    id: idColumn(),
    markId: bigint({ mode: 'number' }),
    busType: varchar({ length: 10 }).notNull(),
    leftAddrId: bigint({ mode: 'number' }).notNull(),
    destAddrId: bigint({ mode: 'number' }).notNull(),
    cargoType: char({ length: 1 }).notNull(),
    currency: varchar({ length: 3 }).notNull().default('RMB'),
    isWeight: char({ length: 1 }).notNull().default('0'),
    volumePrice: money().notNull(),
    weightPrice: money().notNull(),
    isWeightAgent: char({ length: 1 }).notNull().default('0'),
    volumePriceAgent: money(),
    weightPriceAgent: money(),
    volWgtRate: rate(),
    wgtVolRate: rate(),
    validFromDate: day().notNull(),
    validToDate: day().notNull(),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [
    index('bas_price_key_idx').on(t.busType, t.leftAddrId, t.destAddrId, t.cargoType),
    index('bas_price_mark_idx').on(t.markId),
  ],
);

/** Container / whole-truck prices per type and route (screens §3.11). */
export const basContPrice = pgTable(
  'bas_cont_price',
  {
    id: idColumn(),
    containerType: varchar({ length: 20 }).notNull(),
    busType: varchar({ length: 10 }).notNull(),
    leftAddrId: bigint({ mode: 'number' }).notNull(),
    destAddrId: bigint({ mode: 'number' }).notNull(),
    vesselOwner: varchar({ length: 100 }).notNull().default(''),
    apPrice: money().notNull(),
    arPrice: money(),
    currency: varchar({ length: 3 }).notNull().default('RMB'),
    validFromDate: day().notNull(),
    validToDate: day().notNull(),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [index('bas_cont_price_key_idx').on(t.containerType, t.busType, t.leftAddrId, t.destAddrId)],
);

/** Geography: orgId 1 origin cities, orgId 2 destination countries (level 1) and their cities (level 2). */
export const basGeog = pgTable(
  'bas_geog',
  {
    id: idColumn(),
    orgId: smallint().notNull(),
    parentId: bigint({ mode: 'number' }).notNull().default(0),
    level: char({ length: 1 }).notNull().default('2'),
    code: varchar({ length: 20 }).notNull(),
    ...localizedNameColumns('name', 100),
    orderNum: integer().notNull().default(0),
    ...statusColumn,
    ...auditColumns,
  },
  (t) => [unique('bas_geog_org_code_uq').on(t.orgId, t.code)],
);

export const basCurrency = pgTable('bas_currency', {
  id: idColumn(),
  code: varchar({ length: 3 }).notNull().unique(),
  ...localizedNameColumns('name', 50),
  symbol: varchar({ length: 8 }).notNull().default(''),
  orderNum: integer().notNull().default(0),
  ...statusColumn,
  ...auditColumns,
});

/** Warehouses: whType '1' origin (China), '2' overseas (destination). */
export const basWarehouse = pgTable('bas_warehouse', {
  id: idColumn(),
  code: varchar({ length: 20 }).notNull().unique(),
  ...localizedNameColumns('name', 100),
  whType: char({ length: 1 }).notNull().default('1'),
  geogId: bigint({ mode: 'number' }),
  address: varchar({ length: 500 }).notNull().default(''),
  contact: varchar({ length: 50 }).notNull().default(''),
  tel: varchar({ length: 30 }).notNull().default(''),
  orderNum: integer().notNull().default(0),
  ...statusColumn,
  ...auditColumns,
});

/** Exchange rates: one per currency pair per effective date; the rate in force is the latest date <= today. */
export const basCurrate = pgTable(
  'bas_currate',
  {
    id: idColumn(),
    srcCurrencyId: bigint({ mode: 'number' }).notNull(),
    destCurrencyId: bigint({ mode: 'number' }).notNull(),
    rate: rate().notNull(),
    effectiveDate: day().notNull(),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [unique('bas_currate_pair_day_uq').on(t.srcCurrencyId, t.destCurrencyId, t.effectiveDate)],
);

export const basDriver = pgTable(
  'bas_driver',
  {
    id: idColumn(),
    driverName: varchar({ length: 50 }).notNull(),
    phone: varchar({ length: 30 }).notNull(),
    country: char({ length: 2 }).notNull().default('TH'),
    idCard: varchar({ length: 20 }).notNull().default(''),
    licenceNo: varchar({ length: 50 }).notNull().default(''),
    licenceExpiry: day(),
    vehicleId: bigint({ mode: 'number' }),
    employment: char({ length: 1 }).notNull().default('1'),
    userId: bigint({ mode: 'number' }),
    deptId: bigint({ mode: 'number' }),
    ...recordColumns,
  },
  (t) => [index('bas_driver_user_idx').on(t.userId)],
);

export const basVehicle = pgTable(
  'bas_vehicle',
  {
    id: idColumn(),
    plateNo: varchar({ length: 40 }).notNull(),
    country: char({ length: 2 }).notNull().default('TH'),
    vehicleType: char({ length: 1 }).notNull(),
    capacityKg: integer(),
    capacityCbm: numeric({ precision: 10, scale: 2 }),
    driverId: bigint({ mode: 'number' }),
    ownership: char({ length: 1 }).notNull().default('1'),
    insuranceExpiry: day(),
    deptId: bigint({ mode: 'number' }),
    ...recordColumns,
  },
  (t) => [uniqueIndex('bas_vehicle_plate_uq').on(t.plateNo)],
);

export const basInsurance = pgTable('bas_insurance', {
  id: idColumn(),
  insuranceName: varchar({ length: 100 }).notNull(),
  insurer: varchar({ length: 100 }).notNull().default(''),
  /** percentage, e.g. 0.300000 = 0.3 % */
  insuranceRate: rate().notNull(),
  minPremium: money(),
  currency: varchar({ length: 3 }).notNull().default('RMB'),
  /** '' = every transport mode */
  busType: varchar({ length: 10 }).notNull().default(''),
  validFromDate: day(),
  validToDate: day(),
  isDefault: char({ length: 1 }).notNull().default('0'),
  ...recordColumns,
});

export const basPayinfo = pgTable('bas_payinfo', {
  id: idColumn(),
  accountName: varchar({ length: 100 }).notNull(),
  bankName: varchar({ length: 100 }).notNull(),
  accountNo: varchar({ length: 50 }).notNull(),
  branch: varchar({ length: 100 }).notNull().default(''),
  currency: varchar({ length: 3 }).notNull().default('RMB'),
  payType: char({ length: 1 }).notNull().default('2'),
  qrFileId: varchar({ length: 100 }).notNull().default(''),
  isDefault: char({ length: 1 }).notNull().default('0'),
  ...recordColumns,
});
