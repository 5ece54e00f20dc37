import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { contentDisposition } from '../../platform/http/content-disposition';
import { ok } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { mayReadFile } from './file-access';

/** Who may upload (anyone signed in) and the operation-log row of an upload. */
const UPLOAD = { authenticated: true, operlog: { title: 'menu_file', businessType: BUSINESS_TYPE.INSERT } };
const MULTIPART = ['multipart/form-data'];

/**
 * Files (spec §7 'Files'): multipart upload, one or several; download by opaque id only, for a caller who may read a
 * record referencing the file, or its uploader while none does (file-access.ts; anything else is a 404).
 * The module that owns a document (bill files, sign pictures) links file ids to its rows and adds itself to
 * FILE_OWNERS.
 */
export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, files }) => {
  app.post(
    '/file/upload',
    spec(UPLOAD, 'Upload one file (multipart field "file")', { consumes: MULTIPART }),
    async (req) => {
      const part = await req.file();
      if (!part) throw new AppError('VALIDATION', 'err_file_required', undefined, { field: 'file' });
      const stored = await files.save({ stream: part.file, fileName: part.filename, uploader: req.auth });
      return ok(req, stored);
    },
  );

  app.post(
    '/file/uploadFiles',
    spec(UPLOAD, 'Upload several files (multipart field "files")', { consumes: MULTIPART }),
    async (req) => {
      const saved = [];
      for await (const part of req.files()) {
        saved.push(await files.save({ stream: part.file, fileName: part.filename, uploader: req.auth }));
      }
      if (!saved.length) throw new AppError('VALIDATION', 'err_file_required', undefined, { field: 'files' });
      return ok(req, saved);
    },
  );

  app.get(
    '/file/download/:fileId',
    spec({ authenticated: true }, 'Download a file by id', {
      params: z.object({ fileId: z.uuid() }).strict(),
      querystring: z.object({ inline: z.enum(['0', '1']).optional() }).strict(),
    }),
    async (req, reply) => {
      const opened = await files.open(req.params.fileId);
      if (!opened || !(await mayReadFile(db, req.auth, opened.meta))) {
        opened?.stream.destroy();
        throw notFound('err_file_not_found');
      }
      const type = opened.meta.contentType;
      const inline = req.query.inline === '1' && (type.startsWith('image/') || type === 'application/pdf');
      reply
        .header('Content-Type', opened.meta.contentType)
        .header('Content-Length', String(opened.meta.size))
        .header('Content-Disposition', contentDisposition(opened.meta.originalName, inline ? 'inline' : 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store');
      return reply.send(opened.stream);
    },
  );
};
