export { buildTree, SYS_STATUS, type TSysStatus, type TTreeNode } from './common';
export * from './config.schemas';
export * from './dept.schemas';
export * from './dict.schemas';
export * from './log.schemas';
export * from './menu.schemas';
export * from './post.schemas';
export * from './role.schemas';
export * from './user.schemas';
