import { expect } from 'vitest';
import { API, type TestApp } from '../../../test/build-test-app';

/** Helpers of the OpenAPI response-contract tests (not a test file). */

export type TSchema = {
  type?: string;
  format?: string;
  nullable?: boolean;
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  anyOf?: TSchema[];
  additionalProperties?: TSchema | boolean;
};
type TOperation = { responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }> };

/** What a route's 200 answer is: a page (`rows`, `total`), `data`, only code and msg, or keys at the top level. */
export type TAnswerKind = 'table' | 'data' | 'empty' | 'top';

/**
 * The answers an app's OpenAPI document declares: `read(t)` in `beforeAll`, then `answer(method, path, status)` (the
 * JSON schema, asserted present) and `expectDeclared(method, path, kind)`.
 */
export function openApiAnswers() {
  let paths: Record<string, Record<string, TOperation>> = {};
  const answer = (method: string, path: string, status = '200'): TSchema => {
    const op = paths[`${API}${path}`]?.[method];
    expect(op, `${method.toUpperCase()} ${path} is in the OpenAPI document`).toBeDefined();
    const schema = op!.responses?.[status]?.content?.['application/json']?.schema;
    expect(schema, `${method.toUpperCase()} ${path} declares its ${status} answer`).toBeDefined();
    return schema!;
  };
  return {
    async read(t: TestApp) {
      const res = await t.app.inject({ method: 'GET', url: `${API}/docs/json` });
      expect(res.statusCode).toBe(200);
      paths = res.json().paths;
    },
    answer,
    /** The route declares its answer of `kind` and the error answer (400, 403, 404, 409). */
    expectDeclared(method: string, path: string, kind: TAnswerKind) {
      const ok = answer(method, path);
      expect(ok.required).toEqual(expect.arrayContaining(['code', 'msg']));
      if (kind === 'table') {
        expect(ok.required).toEqual(expect.arrayContaining(['rows', 'total']));
        expect(ok.properties?.rows?.items?.properties).toBeDefined();
      }
      if (kind === 'data') expect(ok.required).toContain('data');
      if (kind === 'empty') expect(Object.keys(ok.properties ?? {}).sort()).toEqual(['code', 'msg']);
      if (kind === 'top') expect(Object.keys(ok.properties ?? {}).length).toBeGreaterThan(2);
      for (const status of ['400', '403', '404', '409'])
        expect(answer(method, path, status).required).toEqual(expect.arrayContaining(['code', 'msg', 'errorCode']));
    },
  };
}
