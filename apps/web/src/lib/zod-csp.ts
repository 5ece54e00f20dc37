/**
 * zod compiles object schemas with `new Function` when the page allows it, and probes that with a `new Function('')`
 * in a try. The app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses it, and Chromium reports
 * the caught attempt as a `securitypolicyviolation` on every screen with a form or a list filter. Jitless parsing
 * skips the probe (the schemas are small: the interpreted path costs nothing a person notices; the server keeps the
 * compiled one). Imported first by main.tsx. It sets zod's global configuration object (what `z.config()` writes,
 * `globalThis.__zod_globalConfig`) without importing zod, which would add zod's core to the login page's first load;
 * zod-csp.test.ts proves zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
