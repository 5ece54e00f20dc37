import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { openApiAnswers, type TAnswerKind } from './openapi.test-utils';

/**
 * Issue 12 item 4 (ADR 0010): the OpenAPI page shows the answers of the mark and user endpoints (lists, details,
 * actions), with fee fields optional, money as text, timestamps as date-time and the error answer declared.
 */
const s = useSuite();
const doc = openApiAnswers();
const answer = doc.answer;
beforeAll(() => doc.read(s.t));

const ROUTES: [string, string, TAnswerKind][] = [
  ['get', '/bas/mark/list', 'table'],
  ['get', '/bas/mark/{id}', 'data'],
  ['get', '/bas/mark/select', 'data'],
  ['get', '/bas/mark/selectMarkInOrder', 'data'],
  ['get', '/bas/mark/selectMarkCont', 'data'],
  ['post', '/bas/mark/add', 'data'],
  ['post', '/bas/mark/edit', 'empty'],
  ['post', '/bas/mark/delete/{id}', 'empty'],
  ['get', '/bas/corporationAddr/list', 'table'],
  ['get', '/bas/corporationAddr/{id}', 'data'],
  ['get', '/bas/corporationAddr/list/{id}', 'data'],
  ['post', '/bas/corporationAddr/add', 'data'],
  ['post', '/bas/corporationAddr/edit', 'empty'],
  ['post', '/bas/corporationAddr/delete/{id}', 'empty'],
  ['get', '/system/user/list', 'table'],
  ['get', '/system/user/{userId}', 'data'],
  ['get', '/system/user/deptTree', 'data'],
  ['get', '/system/user', 'top'],
  ['post', '/system/user', 'data'],
  ['put', '/system/user', 'empty'],
  ['delete', '/system/user/{userIds}', 'empty'],
  ['put', '/system/user/resetPwd', 'empty'],
  ['put', '/system/user/changeStatus', 'empty'],
  ['get', '/system/user/authRole/{userId}', 'top'],
  ['put', '/system/user/authRole', 'empty'],
  ['delete', '/system/user/unbind/{appType}/{userId}', 'empty'],
  ['post', '/system/user/importData', 'data'],
  ['get', '/system/user/getInfo', 'top'],
  ['get', '/system/user/profile', 'data'],
  ['put', '/system/user/profile', 'empty'],
  ['put', '/system/user/profile/updatePwd', 'empty'],
  ['post', '/system/user/profile/avatar', 'top'],
];

describe('[PLATFORM] response contracts in the OpenAPI document', () => {
  it.each(ROUTES)('%s %s declares its answer and the error answer', (method, path, kind) =>
    doc.expectDeclared(method, path, kind),
  );

  it('a mark row: fee fields optional text, timestamps date-time, every sent key listed', () => {
    const row = answer('get', '/bas/mark/list').properties!.rows!.items!;
    for (const fee of ['credtLimit', 'minAmount']) {
      expect(row.properties?.[fee]?.type).toBe('string');
      expect(row.required).not.toContain(fee);
    }
    expect(row.properties?.createTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(row.properties?.updateTime).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(row.required).toEqual(expect.arrayContaining(['id', 'mark', 'nameZh', 'isAgent', 'salesName', 'version']));
    const detail = answer('get', '/bas/mark/{id}').properties!.data!;
    expect(detail.properties?.addresses?.items?.properties?.contact?.type).toBe('string');
  });

  it('a user row and the user detail with its form options', () => {
    const row = answer('get', '/system/user/list').properties!.rows!.items!;
    expect(row.required).toEqual(expect.arrayContaining(['userId', 'userName', 'nickName', 'roles', 'dept']));
    expect(row.properties).not.toHaveProperty('password');
    const detail = answer('get', '/system/user/{userId}');
    expect(detail.required).toEqual(expect.arrayContaining(['data', 'roleIds', 'postIds', 'roles', 'posts']));
  });
});
