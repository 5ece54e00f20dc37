import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './security';

/**
 * Response headers of every answer (issue 11 item 5; docs/architecture.md, 'Security headers').
 *
 * The web app (everything outside /prod-api) runs under WEB_CSP:
 * - scripts only from this origin: the built index.html has no inline script (Vite emits module scripts), and
 *   nothing in the app evaluates strings;
 * - styles from this origin and inline: antd 6 writes its component styles into <style> elements at run time
 *   (CSS-in-JS) and React sets `style` attributes, and the built index.html carries the boot spinner's <style>.
 *   A nonce would cover the <style> elements only if index.html were rendered per request (it is a static,
 *   pre-compressed file) and never covers style attributes, so 'unsafe-inline' is allowed for styles, and for
 *   styles only: a style cannot run code, which script-src keeps out;
 * - images from this origin, data: (the captcha is a data: SVG, antd's empty-state pictures) and blob: (file
 *   previews and QR codes fetched with the session and shown as object URLs);
 * - requests (fetch, XHR) to this origin only, and to blob: URLs (the page's own object URLs: a print's PDF tab,
 *   which inherits this policy, reads its blob); no plugins (<object>, <embed>), no <base> elsewhere, forms post
 *   here only; frames: this origin and blob: (a print opens its PDF as a blob: URL);
 * - frame-ancestors 'self' (with X-Frame-Options SAMEORIGIN for old browsers): no other site frames the app.
 *
 * API answers get API_CSP (nothing may load or run from a JSON answer, nobody frames it) and `Cache-Control:
 * no-store`: nearly every answer carries personal or money data (users, customers, fees, files), and none is worth
 * caching (the captcha and getInfo must be fresh, lists change with every write). A route may still set its own
 * Cache-Control. The OpenAPI pages (/prod-api/docs, outside production) keep their own inline scripts and get
 * neither. Static files of the app keep their caching (hashed assets immutable, index.html revalidated).
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    const path = req.url.split('?', 1)[0]!;
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      if (path.startsWith(`${API_PREFIX}/docs`)) return payload;
      reply.header('Content-Security-Policy', API_CSP);
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    } else {
      reply.header('Content-Security-Policy', WEB_CSP);
    }
    return payload;
  });
}
