import { okEnvelope, tableEnvelope, zOkEmpty, zTimestamp } from '@theone/contracts/common/responses';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedKeys, fastStringifier, responseSerializer } from './response-serializer';

const row = z.object({ id: z.number(), at: zTimestamp, fee: z.string().optional() });
const compile = (strict: boolean, schema: z.ZodType) =>
  responseSerializer(strict)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('response serializer', () => {
  it('writes timestamps as ISO text and leaves out absent optional keys', () => {
    const out = compile(
      true,
      tableEnvelope(row),
    )({
      code: 200,
      msg: 'ok',
      rows: [{ id: 1, at: new Date('2026-11-23T10:00:00Z') }],
      total: 1,
    });
    expect(JSON.parse(out)).toEqual({
      code: 200,
      msg: 'ok',
      rows: [{ id: 1, at: '2026-11-23T10:00:00.000Z' }],
      total: 1,
    });
  });

  it('in tests refuses a key the schema would drop, at any depth; in production drops it', () => {
    const data = { code: 200, msg: 'ok', data: { id: 1, at: new Date(0), secret: 'x' } };
    expect(() => compile(true, okEnvelope(row))(data)).toThrow();
    expect(JSON.parse(compile(false, okEnvelope(row))(data)).data).toEqual({ id: 1, at: '1970-01-01T00:00:00.000Z' });
  });

  it('ignores undefined values and internal __ keys', () => {
    expect(compile(true, zOkEmpty)({ code: 200, msg: 'ok', data: undefined, __sums: '1' })).toBe(
      '{"code":200,"msg":"ok"}',
    );
  });

  it('writes through fast-json-stringify what the zod encoding gives; a recursive schema falls back to zod', () => {
    const schema = okEnvelope(z.array(row.extend({ name: z.string(), n: z.number().nullable() })));
    const data = {
      code: 200,
      msg: 'ok',
      data: [{ id: 1, at: new Date(5), name: 'a "q" \u4e2d\n', n: null, fee: '1.50' }],
    };
    expect(fastStringifier(schema)).toBeDefined();
    expect(JSON.parse(compile(false, schema)(data))).toEqual(JSON.parse(compile(true, schema)(data)));
    const node: z.ZodType = z.object({
      id: z.number(),
      get children() {
        return z.array(node).optional();
      },
    });
    const tree = okEnvelope(z.array(node));
    expect(fastStringifier(tree)).toBeUndefined();
    const nested = { code: 200, msg: 'ok', data: [{ id: 1, children: [{ id: 2 }] }] };
    expect(JSON.parse(compile(false, tree)(nested))).toEqual(nested);
  });

  it('names the dropped paths', () => {
    expect(droppedKeys({ a: 1, b: [{ c: 1, d: 2 }], e: new Date(0) }, { a: 1, b: [{ c: 1 }], e: 'x' })).toEqual([
      'b[0].d',
    ]);
  });
});
