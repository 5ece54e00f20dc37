/**
 * Every Drizzle table, for the ORM's relational queries and for drizzle-kit. A module adds its
 * `*.table.ts` here with one export line. The one platform file that names module tables
 * (docs/adr/0011-module-boundaries.md); platform code reads the database through `Db`, never these exports.
 */
export * from '../../modules/bas/bas.table';
export * from '../../modules/bus/arrive/arrive.table';
export * from '../../modules/bus/cargo/cargo.table';
export * from '../../modules/bus/exception/exception.table';
export * from '../../modules/bus/inware/inware.table';
export * from '../../modules/bus/load/load.table';
export * from '../../modules/bus/order-log/order-log.table';
export * from '../../modules/bus/send/send.table';
export * from '../../modules/system/dept/dept.table';
export * from '../../modules/system/menu/menu.table';
export * from '../../modules/system/post/post.table';
export * from '../../modules/system/role/role.table';
export * from '../../modules/system/user/user.table';
export * from './config.table';
export * from './dict.table';
export * from './log.table';
export * from './platform.table';
