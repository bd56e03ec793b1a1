import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { HypervisorError } from '../hypervisor';
import { simIsoImages, simServers } from './simulator.tables';

/** Where an ISO 9660 image's primary volume descriptor says "CD001". */
const SIGNATURE_OFFSET = 32_769;
/** "CD001" in hex: the signature is kept as hex (text columns take no NUL bytes). */
const SIGNATURE = Buffer.from('CD001').toString('hex');
const SIGNATURE_BYTES = SIGNATURE.length / 2;

/** The signature's bytes that fall inside a write at `offset`, appended (hex) to those seen before. */
function signatureAfter(seen: string, offset: number, data: Uint8Array) {
  let signature = seen;
  for (let at = SIGNATURE_OFFSET + signature.length / 2; signature.length / 2 < SIGNATURE_BYTES; at++) {
    if (at < offset || at >= offset + data.length) break;
    signature += data[at - offset]!.toString(16).padStart(2, '0');
  }
  return signature;
}

/**
 * The region's ISO store, written in order as libvirt's volume upload is: a write at 0 starts the image
 * over, any other write must continue exactly where the stored bytes end, so a download that died resumes
 * from `isoStoredBytes` and a repeated write is refused rather than stored twice.
 */
export function isoStore({ db }: { db: Database }) {
  async function image(isoRef: string) {
    const [row] = await db.select().from(simIsoImages).where(eq(simIsoImages.ref, isoRef));
    return row ?? null;
  }

  return {
    async isoStoredBytes(isoRef: string) {
      return (await image(isoRef))?.bytes ?? 0;
    },

    async writeIso(isoRef: string, offset: number, data: Uint8Array) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(simIsoImages).where(eq(simIsoImages.ref, isoRef)).for('update');
        const stored = offset === 0 ? 0 : (row?.bytes ?? 0);
        if (row?.complete && offset !== 0)
          throw new HypervisorError('invalid_state', `The ISO ${isoRef} is complete.`);
        if (offset !== stored)
          throw new HypervisorError(
            'invalid_state',
            `The ISO ${isoRef} holds ${stored} bytes, not ${offset}.`,
          );
        const seen = offset === 0 ? '' : (row?.signature ?? '');
        const values = {
          bytes: offset + data.length,
          signature: signatureAfter(seen, offset, data),
          complete: false,
          updatedAt: new Date(),
        };
        await tx
          .insert(simIsoImages)
          .values({ ref: isoRef, ...values })
          .onConflictDoUpdate({ target: simIsoImages.ref, set: values });
        return values.bytes;
      });
    },

    async completeIso(isoRef: string) {
      const row = await image(isoRef);
      if (!row) throw new HypervisorError('not_found', `The ISO ${isoRef} does not exist.`);
      if (row.signature !== SIGNATURE) {
        await db.delete(simIsoImages).where(eq(simIsoImages.ref, isoRef));
        return { bootable: false };
      }
      await db
        .update(simIsoImages)
        .set({ complete: true, updatedAt: new Date() })
        .where(eq(simIsoImages.ref, isoRef));
      return { bootable: true };
    },

    /** Refused while a live server has it in its drive (eject first), as a storage pool refuses an in-use volume. */
    async deleteIso(isoRef: string) {
      const [user] = await db
        .select({ ref: simServers.ref })
        .from(simServers)
        .where(and(eq(simServers.isoRef, isoRef), isNull(simServers.deletedAt)))
        .limit(1);
      if (user) throw new HypervisorError('invalid_state', `The ISO ${isoRef} is attached to ${user.ref}.`);
      await db.delete(simIsoImages).where(eq(simIsoImages.ref, isoRef));
    },
  };
}

/** Throws not_found unless the ISO is complete in the store: attaching or booting needs the whole image. */
export async function requireCompleteIso(db: Database, isoRef: string) {
  const [row] = await db
    .select({ ref: simIsoImages.ref })
    .from(simIsoImages)
    .where(and(eq(simIsoImages.ref, isoRef), sql`${simIsoImages.complete}`));
  if (!row) throw new HypervisorError('not_found', `The ISO ${isoRef} does not exist.`);
}
