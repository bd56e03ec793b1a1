import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isoImage } from '../compute/driver-contract.test-helpers';

const fixture = (name: string) => fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));
/** A self-signed certificate for localhost, for the tests' https file servers only. */
export const testCaFile = fixture('localhost.crt');

export interface IsoFileServer {
  origin: string;
  /** Range headers the server was asked for, in order. */
  ranges: (string | undefined)[];
  close(): Promise<void>;
}

/**
 * An https file server as the internet's ISO mirrors behave: HEAD with Content-Length, GET with Range
 * (206), 404 for what it does not have, redirects, and one file whose first download breaks off half-way.
 * `files` maps a path to its bytes; `redirects` a path to a Location.
 */
export async function startIsoFileServer(opts: {
  files: Record<string, Uint8Array>;
  redirects?: Record<string, string>;
  /** HEAD answers with this Content-Length instead of the real one (a file announced larger than it is). */
  announced?: Record<string, number>;
  /** The first GET of these paths sends this many bytes, then drops the connection. */
  breakAfter?: Record<string, number>;
}): Promise<IsoFileServer> {
  const ranges: (string | undefined)[] = [];
  const broken = new Set<string>();
  const server: Server = createServer(
    { key: readFileSync(fixture('localhost.key')), cert: readFileSync(testCaFile) },
    (req, res) => {
      const path = new URL(req.url ?? '/', 'https://localhost').pathname;
      const redirect = opts.redirects?.[path];
      if (redirect) {
        res.writeHead(302, { location: redirect }).end();
        return;
      }
      const file = opts.files[path];
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'HEAD') {
        res
          .writeHead(200, {
            'content-length': opts.announced?.[path] ?? file.length,
            'accept-ranges': 'bytes',
          })
          .end();
        return;
      }
      ranges.push(req.headers.range);
      const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
      const body = file.subarray(from);
      res.writeHead(from > 0 ? 206 : 200, {
        'content-length': body.length,
        ...(from > 0 ? { 'content-range': `bytes ${from}-${file.length - 1}/${file.length}` } : {}),
      });
      const cut = opts.breakAfter?.[path];
      if (cut !== undefined && !broken.has(path)) {
        broken.add(path);
        res.write(body.subarray(0, cut), () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      res.end(body);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    ranges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { isoImage };
