/** Basic data (bas): codes, pricing engine and request schemas. */
export * from './common.schemas';
export * from './constants';
export * from './mark.schemas';
export * from './price.schemas';
export * from './pricing';
export * from './resource.schemas';
