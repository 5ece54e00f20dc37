import { z } from 'zod';
import { zCodeFilter, zPageQuery, zTextFilter } from '../common/page';
import { createEditBodies, zName, zNames, zRemark, zSort, zStatus } from './common';

/** Dictionary type: lower case letters, digits and '_', starting with a letter (screens §4.8). */
export const zDictType = zName(100).regex(/^[a-z][a-z0-9_]*$/, 'err_dict_type');

export const ZDictTypeQuery = zPageQuery(['createTime', 'dictId'], {
  dictName: zTextFilter(100),
  dictType: zTextFilter(100),
  status: zCodeFilter(['0', '1']),
});
export type TDictTypeQuery = z.infer<typeof ZDictTypeQuery>;

const dictTypeFields = {
  ...zNames('dictName', 100, 100),
  dictType: zDictType,
  status: zStatus.default('0'),
  remark: zRemark,
};

/** PUT /system/dict/type (the edit): renaming the type renames it on its entries too. */
export const { create: ZDictTypeCreate, edit: ZDictTypeEdit } = createEditBodies('dictId', dictTypeFields);
export type TDictTypeCreate = z.input<typeof ZDictTypeCreate>;
export type TDictTypeEdit = z.input<typeof ZDictTypeEdit>;

/** antd tag colours a dictionary entry may be shown with. */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

export const ZDictDataQuery = zPageQuery(['dictSort', 'createTime', 'dictCode'], {
  dictType: zTextFilter(100),
  dictLabel: zTextFilter(100),
  status: zCodeFilter(['0', '1']),
});
export type TDictDataQuery = z.infer<typeof ZDictDataQuery>;

const dictDataFields = {
  dictType: zDictType,
  ...zNames('dictLabel', 100, 100),
  dictValue: zName(100),
  dictSort: zSort,
  cssClass: z
    .string()
    .trim()
    .max(100)
    .regex(/^$|^[A-Za-z0-9_\- ]+$/, 'err_css_class')
    .default(''),
  listClass: z.enum(LIST_CLASSES).default('default'),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: zStatus.default('0'),
  remark: zRemark,
};

export const { create: ZDictDataCreate, edit: ZDictDataEdit } = createEditBodies('dictCode', dictDataFields);
export type TDictDataCreate = z.input<typeof ZDictDataCreate>;
export type TDictDataEdit = z.input<typeof ZDictDataEdit>;
