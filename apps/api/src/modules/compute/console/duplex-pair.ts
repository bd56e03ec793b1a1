import { Duplex } from 'node:stream';

/**
 * Two connected in-memory streams: what one writes the other reads, and closing one ends the other — a
 * socket pair without a socket (node's `duplexPair` arrives only in Node 22).
 */
export function duplexPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const make = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
      destroy(error, done) {
        const peer = other();
        if (!peer.destroyed) peer.destroy();
        done(error);
      },
    });
  ends.push(
    make(() => ends[1]!),
    make(() => ends[0]!),
  );
  return [ends[0]!, ends[1]!];
}
