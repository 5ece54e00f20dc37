import { z } from 'zod';
import { zCodeFilter, zPageQuery, zTextFilter } from '../common/page';
import { zBodyId, zName, zRemark, zSort, zStatus, zText, zVersion } from './common';

export const ZPostQuery = zPageQuery(['createTime', 'postSort', 'postId'], {
  postCode: zTextFilter(64),
  postName: zTextFilter(100),
  status: zCodeFilter(['0', '1']),
});
export type TPostQuery = z.infer<typeof ZPostQuery>;

const postFields = {
  postCode: zName(64).regex(/^[A-Za-z0-9_-]+$/, 'err_code_chars'),
  postName: zName(50),
  postNameEn: zText(100),
  postNameTh: zText(100),
  postSort: zSort,
  status: zStatus.default('0'),
  remark: zRemark,
};

export const ZPostCreate = z.object(postFields).strict();
export type TPostCreate = z.input<typeof ZPostCreate>;
export const ZPostEdit = z.object({ postId: zBodyId, version: zVersion, ...postFields }).strict();
export type TPostEdit = z.input<typeof ZPostEdit>;
