import { describe, expect, it } from 'vitest';
import './zod-csp';

describe('zod under the Content-Security-Policy', () => {
  it('parses without compiling code (no new Function probe), through the configuration zod reads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    const original = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        compiled++;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) }).strict();
      for (let i = 0; i < 3; i++) expect(schema.parse({ a: 'x', b: { c: i } })).toEqual({ a: 'x', b: { c: i } });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toBe(0);
  });
});
