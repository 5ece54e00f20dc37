/** Business (bus): inbound orders. order-status.ts is exported from the package root on its own. */
export * from './arrive';
export * from './arrive.schemas';
export * from './inware.schemas';
export * from './load';
export * from './load.schemas';
export * from './order.responses';
export * from './order-cargo';
export * from './order-list.schemas';
export * from './order-log';
export * from './order-numbers';
export * from './order-pricing';
export * from './print';
