import {
  ATTACHMENT_MAX_BYTES,
  attachmentSchema,
  idParamsSchema,
  mediaUploadQuerySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import { attachmentTooLarge } from './attachments/attachment-content';
import type { AttachmentService } from './attachments.service';

const tags = ['support'];

/** `filename*` keeps any name intact; the plain `filename` is an ASCII stand-in for old clients. */
const dispositionOf = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** The media service: upload a file before the message it goes with, download it afterwards. */
export function mediaRoutes(deps: { attachments: AttachmentService }) {
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);
    // The body is the file itself, whatever its declared type; counted as it arrives, refused past the limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      payload.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > ATTACHMENT_MAX_BYTES) {
          failed = true;
          done(attachmentTooLarge(), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!failed) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (error) => {
        if (!failed) done(error, undefined);
      });
    });

    app.post(
      '/media',
      {
        schema: {
          tags,
          summary:
            'Upload an attachment: the file is the body; at most 2,000,000 bytes (413 ATTACHMENT_TOO_LARGE); ' +
            'txt, jpeg, jpg or png recognised by content (415 ATTACHMENT_TYPE_NOT_ALLOWED); images are re-encoded',
          security: securedBy,
          querystring: mediaUploadQuerySchema,
          response: { 201: okSchema(attachmentSchema) },
        },
        bodyLimit: ATTACHMENT_MAX_BYTES * 2,
      },
      async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const attachment = await deps.attachments.upload(customerOf(request).id, {
          group: request.query.group,
          fileName: request.query.name,
          bytes,
        });
        return reply.status(201).send(ok(attachment, 'File uploaded.'));
      },
    );

    app.get(
      '/media/:id',
      {
        schema: {
          tags,
          summary: 'Download an attachment of one of your tickets (as a file, never shown inline)',
          security: securedBy,
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const file = await deps.attachments.download(customerOf(request).id, request.params.id);
        return reply
          .header(
            'content-type',
            file.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : file.contentType,
          )
          .header('content-disposition', dispositionOf(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
  };
}
