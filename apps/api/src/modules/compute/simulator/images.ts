import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { ServerSpec } from '../hypervisor';
import { simServers } from './simulator.tables';

/**
 * Snapshots and backups the simulator holds. They are kept beside the server's spec (in its jsonb, under
 * `images`) rather than in a table of their own: nothing but the simulator reads them, and they need
 * only to exist for a restore to be honest about it.
 */
export interface SimImage {
  ref: string;
  kind: 'snapshot' | 'backup';
  diskGb: number;
  takenAt: string;
}

type SimSpec = ServerSpec & { images?: SimImage[] };

const imagesOf = (spec: ServerSpec): SimImage[] => (spec as SimSpec).images ?? [];

export const withImage = (spec: ServerSpec, image: SimImage): SimSpec => ({
  ...spec,
  images: [...imagesOf(spec).filter((i) => i.ref !== image.ref), image],
});

/** The server (deleted or not) that holds the image, if any. */
export async function findImageOwner(db: DbOrTx, imageRef: string, kind: SimImage['kind']) {
  const [owner] = await db
    .select()
    .from(simServers)
    .where(sql`${simServers.spec}->'images' @> ${JSON.stringify([{ ref: imageRef, kind }])}::jsonb`)
    .limit(1);
  return owner ?? null;
}

/** Deletes the image wherever it is; deleting one that is gone is fine. */
export async function deleteImage(db: DbOrTx, imageRef: string, kind: SimImage['kind']) {
  const owner = await findImageOwner(db, imageRef, kind);
  if (!owner) return;
  await db
    .update(simServers)
    .set({
      spec: sql`jsonb_set(${simServers.spec}, '{images}', coalesce((
        SELECT jsonb_agg(i) FROM jsonb_array_elements(${simServers.spec}->'images') i
        WHERE NOT (i->>'ref' = ${imageRef} AND i->>'kind' = ${kind})), '[]'::jsonb))`,
    })
    .where(eq(simServers.ref, owner.ref));
}
