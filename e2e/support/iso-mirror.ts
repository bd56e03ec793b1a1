import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../apps/api/src/modules/isos/test-fixtures/${name}`, import.meta.url));

/** The operator's "internal mirror" the suite's API trusts (ISO_MIRROR_ORIGINS in playwright.config.ts). */
export const ISO_MIRROR_PORT = Number(process.env.E2E_ISO_PORT ?? 8443);
export const isoMirrorOrigin = `https://localhost:${ISO_MIRROR_PORT}`;
export const isoMirrorCaFile = fixture('localhost.crt');

/** Bytes that read as an ISO 9660 image ("CD001" at byte 32769), `size` long. */
function isoImage(size: number) {
  const bytes = Buffer.alloc(size);
  bytes.set([1, ...Buffer.from('CD001')], 32_768);
  return bytes;
}

/**
 * An https mirror serving one ISO at `path`, slowly (a piece every `pauseMs`), so the panel shows the
 * upload's progress before it is ready. Answers HEAD with the size and GET with ranges, like a real one.
 */
export async function startIsoMirror(
  path: string,
  size: number,
  pauseMs = 400,
): Promise<{ close(): Promise<void> }> {
  const image = isoImage(size);
  const server: Server = createServer(
    { key: readFileSync(fixture('localhost.key')), cert: readFileSync(isoMirrorCaFile) },
    (req, res) => {
      if (new URL(req.url ?? '/', isoMirrorOrigin).pathname !== path) {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'HEAD') {
        res.writeHead(200, { 'content-length': size, 'accept-ranges': 'bytes' }).end();
        return;
      }
      const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
      res.writeHead(from > 0 ? 206 : 200, {
        'content-length': size - from,
        ...(from > 0 ? { 'content-range': `bytes ${from}-${size - 1}/${size}` } : {}),
      });
      const piece = 1024 * 1024;
      let at = from;
      const next = () => {
        if (res.destroyed) return;
        if (at >= size) {
          res.end();
          return;
        }
        res.write(image.subarray(at, at + piece));
        at += piece;
        setTimeout(next, pauseMs);
      };
      next();
    },
  );
  await new Promise<void>((resolve) => server.listen(ISO_MIRROR_PORT, 'localhost', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
