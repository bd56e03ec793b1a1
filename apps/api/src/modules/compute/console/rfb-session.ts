import type { Duplex } from 'node:stream';
import type { PixelFormat, Rect } from './text-screen';

/** What an RFB session shows and where the viewer's keys go. */
export interface RfbScreen {
  readonly width: number;
  readonly height: number;
  render(rect: Rect, format: PixelFormat): Buffer;
  /** Rectangles changed since the last call. */
  takeChanges(): Rect[];
  onChange(listener: () => void): () => void;
  /** An X11 keysym pressed (`down`) or released. */
  key(keysym: number, down: boolean): void;
}

const VERSION = 'RFB 003.008\n';
const SECURITY_NONE = 1;
const RAW_ENCODING = 0;

/** The server's own format (32-bit little-endian true colour), until the viewer asks for another. */
const DEFAULT_FORMAT: PixelFormat = {
  bitsPerPixel: 32,
  bigEndian: false,
  redMax: 255,
  greenMax: 255,
  blueMax: 255,
  redShift: 16,
  greenShift: 8,
  blueShift: 0,
};

function formatBytes(format: PixelFormat) {
  const out = Buffer.alloc(16);
  out.writeUInt8(format.bitsPerPixel, 0);
  out.writeUInt8(24, 1);
  out.writeUInt8(format.bigEndian ? 1 : 0, 2);
  out.writeUInt8(1, 3);
  out.writeUInt16BE(format.redMax, 4);
  out.writeUInt16BE(format.greenMax, 6);
  out.writeUInt16BE(format.blueMax, 8);
  out.writeUInt8(format.redShift, 10);
  out.writeUInt8(format.greenShift, 11);
  out.writeUInt8(format.blueShift, 12);
  return out;
}

/** Client messages by type: their length once `head` bytes are there (null: need more). */
const messageLength: Record<number, (buffer: Buffer) => number | null> = {
  0: () => 20,
  2: (b) => (b.length >= 4 ? 4 + 4 * b.readUInt16BE(2) : null),
  3: () => 10,
  4: () => 8,
  5: () => 6,
  6: (b) => (b.length >= 8 ? 8 + b.readUInt32BE(4) : null),
};

/**
 * Serves one viewer a screen over RFB 3.8 (RFC 6143) on `stream`: version and "None" security (the
 * viewer was let in by the one-use ticket already), the server's init, then framebuffer updates in Raw
 * encoding — the whole area when asked for it, only changed rows on an incremental request (held until
 * something changes) — and key events to the screen. A viewer that breaks the protocol is disconnected.
 */
export function serveRfb(stream: Duplex, screen: RfbScreen, name: string) {
  let buffer = Buffer.alloc(0);
  let stage: 'version' | 'security' | 'init' | 'messages' = 'version';
  let format = DEFAULT_FORMAT;
  let waiting: Rect | null = null;

  const send = (data: Buffer) => {
    if (!stream.destroyed) stream.write(data);
  };
  const clip = (rect: Rect): Rect | null => {
    const x = Math.min(rect.x, screen.width);
    const y = Math.min(rect.y, screen.height);
    const width = Math.min(rect.width, screen.width - x);
    const height = Math.min(rect.height, screen.height - y);
    return width > 0 && height > 0 ? { x, y, width, height } : null;
  };
  const update = (rects: Rect[]) => {
    const visible = rects.map(clip).filter((r): r is Rect => r !== null);
    const head = Buffer.alloc(4);
    head.writeUInt8(0, 0);
    head.writeUInt16BE(visible.length, 2);
    const parts: Buffer[] = [head];
    for (const rect of visible) {
      const header = Buffer.alloc(12);
      header.writeUInt16BE(rect.x, 0);
      header.writeUInt16BE(rect.y, 2);
      header.writeUInt16BE(rect.width, 4);
      header.writeUInt16BE(rect.height, 6);
      header.writeInt32BE(RAW_ENCODING, 8);
      parts.push(header, screen.render(rect, format));
    }
    send(Buffer.concat(parts));
  };
  const stopListening = screen.onChange(() => {
    if (!waiting) return;
    waiting = null;
    // Changes made together (a line and its cursor) go out together.
    setImmediate(() => update(screen.takeChanges()));
  });

  function handle(message: Buffer) {
    switch (message[0]) {
      case 0: {
        const trueColour = message[7] === 1;
        const bitsPerPixel = message[4]!;
        if (!trueColour || ![8, 16, 32].includes(bitsPerPixel)) throw new Error('unsupported pixel format');
        format = {
          bitsPerPixel,
          bigEndian: message[6] === 1,
          redMax: message.readUInt16BE(8),
          greenMax: message.readUInt16BE(10),
          blueMax: message.readUInt16BE(12),
          redShift: message[14]!,
          greenShift: message[15]!,
          blueShift: message[16]!,
        };
        return;
      }
      case 3: {
        const rect = {
          x: message.readUInt16BE(2),
          y: message.readUInt16BE(4),
          width: message.readUInt16BE(6),
          height: message.readUInt16BE(8),
        };
        if (message[1] === 0) {
          screen.takeChanges();
          update([rect]);
          return;
        }
        const changes = screen.takeChanges();
        if (changes.length > 0) update(changes);
        else waiting = rect;
        return;
      }
      case 4:
        screen.key(message.readUInt32BE(4), message[1] === 1);
        return;
      default:
        // Encodings (Raw is always allowed), pointer and clipboard: nothing to do.
        return;
    }
  }

  function consume() {
    for (;;) {
      if (stage === 'version') {
        if (buffer.length < 12) return;
        if (!buffer.subarray(0, 4).equals(Buffer.from('RFB '))) throw new Error('not an RFB viewer');
        buffer = buffer.subarray(12);
        send(Buffer.from([1, SECURITY_NONE]));
        stage = 'security';
      } else if (stage === 'security') {
        if (buffer.length < 1) return;
        if (buffer[0] !== SECURITY_NONE) throw new Error('unsupported security type');
        buffer = buffer.subarray(1);
        send(Buffer.from([0, 0, 0, 0]));
        stage = 'init';
      } else if (stage === 'init') {
        if (buffer.length < 1) return;
        buffer = buffer.subarray(1);
        const title = Buffer.from(name, 'utf8');
        const init = Buffer.alloc(4);
        init.writeUInt16BE(screen.width, 0);
        init.writeUInt16BE(screen.height, 2);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(title.length, 0);
        send(Buffer.concat([init, formatBytes(format), length, title]));
        stage = 'messages';
      } else {
        if (buffer.length < 1) return;
        const lengthOf = messageLength[buffer[0]!];
        if (!lengthOf) throw new Error(`unknown message ${buffer[0]}`);
        const length = lengthOf(buffer);
        if (length === null || buffer.length < length) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        handle(message);
      }
    }
  }

  send(Buffer.from(VERSION, 'latin1'));
  stream.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    try {
      consume();
    } catch {
      stream.destroy();
    }
  });
  stream.on('close', stopListening);
  stream.on('error', stopListening);
}
