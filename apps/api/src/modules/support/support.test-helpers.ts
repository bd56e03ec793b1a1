import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

/** Test-only helpers of the support tests. */

export const attachmentsDir = () => mkdtempSync(join(tmpdir(), 'nimbus-attachments-'));

/** A real PNG or JPEG carrying an EXIF note that must not survive the upload. */
export async function imageWithMetadata(format: 'png' | 'jpeg', note = 'GPS 51.5007 -0.1246 secret-note') {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } }).withExif({
    IFD0: { ImageDescription: note, Copyright: note },
  });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

export async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) {
  return app.inject({
    method: 'POST',
    url: `/api/media?group=ticket&name=${encodeURIComponent(name)}`,
    headers: { ...headers, 'content-type': contentType },
    payload: bytes,
  });
}

/** Uploads a file that must be accepted; its attachment id. */
export async function uploaded(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  bytes: Buffer,
) {
  const res = await upload(app, headers, name, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

export const validTicket = {
  title: 'Server unreachable',
  department: 'support',
  message: 'My server stopped answering on port 22 since this morning.',
};
