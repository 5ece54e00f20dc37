import type { z } from 'zod';
import { zCodeFilter, zPageQuery, zTextFilter } from '../common/page';
import { createEditBodies, zName, zNames, zRemark, zSort, zStatus } from './common';

export const ZPostQuery = zPageQuery(['createTime', 'postSort', 'postId'], {
  postCode: zTextFilter(64),
  postName: zTextFilter(100),
  status: zCodeFilter(['0', '1']),
});
export type TPostQuery = z.infer<typeof ZPostQuery>;

const postFields = {
  postCode: zName(64).regex(/^[A-Za-z0-9_-]+$/, 'err_code_chars'),
  ...zNames('postName', 50, 100),
  postSort: zSort,
  status: zStatus.default('0'),
  remark: zRemark,
};

export const { create: ZPostCreate, edit: ZPostEdit } = createEditBodies('postId', postFields);
export type TPostCreate = z.input<typeof ZPostCreate>;
export type TPostEdit = z.input<typeof ZPostEdit>;
