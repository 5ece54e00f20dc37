export * from './common/envelope';
export * from './common/page';
export * from './common/permissions';
