import type { z } from 'zod';
import { zCodeFilter, zPageQuery, zTextFilter } from '../common/page';

/** sys_oper_type: 0 other, 1 add, 2 edit, 3 delete, 4 grant, 5 export, 6 import, 7 force logout, 8 clean. */
export const OPER_TYPES = ['0', '1', '2', '3', '4', '5', '6', '7', '8'] as const;

/** GET /system/operlog/list: `title` matches the module title in any language. */
export const ZOperlogQuery = zPageQuery(['operTime', 'costTime', 'operId'], {
  title: zTextFilter(100),
  operName: zTextFilter(50),
  operIp: zTextFilter(128),
  businessType: zCodeFilter(OPER_TYPES),
  status: zCodeFilter(['0', '1']),
});
export type TOperlogQuery = z.infer<typeof ZOperlogQuery>;

/** GET /system/logininfor/list */
export const ZLogininforQuery = zPageQuery(['loginTime', 'infoId'], {
  ipaddr: zTextFilter(128),
  userName: zTextFilter(50),
  status: zCodeFilter(['0', '1']),
});
export type TLogininforQuery = z.infer<typeof ZLogininforQuery>;
