import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Compression of API answers (issue 10: staff in Thailand reach a server in China). Registered in the /prod-api
 * scope only: the web app's files are compressed once at build time (apps/web/build/precompress.ts) and sent as
 * they are (@fastify/static `preCompressed`).
 *
 * - Answers under 1 KB go as they are (the headers would outweigh the saving).
 * - JSON and text only: xlsx, pdf, images and stored files (`octet-stream`) are already compressed or binary, and
 *   are streamed untouched (the plugin's default would compress `octet-stream`).
 * - gzip at level 1, brotli only for a client that takes brotli alone: `npm run bench -- compression` compared them
 *   on the order list (31 KB of JSON for 20 orders): gzip 1 gives 3.1 KB at about a quarter of the CPU of brotli 4
 *   (2.6 KB), and both fit in the first round trip of a TCP connection, so the smaller one is not faster for the
 *   user; brotli also ran at two thirds of the throughput (docs/bench.md).
 * - Answers up to 128 KB are compressed in one synchronous call (the plugin's stream path costs more per answer).
 * - Request bodies are never inflated (`globalDecompression: false`): a compressed upload could not grow past
 *   the body limit unnoticed.
 * - Every compressed answer says `Vary: Accept-Encoding`; a client without Accept-Encoding gets plain JSON.
 */
export const API_COMPRESSION: FastifyCompressOptions = {
  globalDecompression: false,
  threshold: 1024,
  encodings: ['gzip', 'br'],
  syncThreshold: 128 * 1024,
  customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:plain|csv|html))(?:;|$)/,
  brotliOptions: {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  },
  zlibOptions: { level: 1 },
};
