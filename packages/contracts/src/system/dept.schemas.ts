import { z } from 'zod';
import { zCodeFilter, zTextFilter } from '../common/page';
import { zBodyId, zNames, zOptionalEmail, zOptionalPhone, zSort, zStatus, zText, zVersion } from './common';

/** GET /system/dept/list: flat, filtered, inside the caller's data scope; the client builds the tree. */
export const ZDeptQuery = z
  .object({
    deptName: zTextFilter(100),
    status: zCodeFilter(['0', '1']),
  })
  .strict();
export type TDeptQuery = z.infer<typeof ZDeptQuery>;

const deptFields = {
  parentId: zBodyId,
  ...zNames('deptName', 50, 100),
  orderNum: zSort,
  leader: zText(30),
  phone: zOptionalPhone,
  email: zOptionalEmail(50),
  status: zStatus.default('0'),
};

/** POST /system/dept (always under a parent: the root exists from the seed). */
export const ZDeptCreate = z.object(deptFields).strict();
export type TDeptCreate = z.input<typeof ZDeptCreate>;

/** PUT /system/dept: the root keeps parentId 0 (send 0 or leave it out). */
export const ZDeptEdit = z
  .object({
    ...deptFields,
    parentId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    deptId: zBodyId,
    version: zVersion,
  })
  .strict();
export type TDeptEdit = z.input<typeof ZDeptEdit>;
