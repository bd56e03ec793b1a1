import { createHash } from 'node:crypto';
import {
  errorCodes,
  messageText,
  normalizePublicKey,
  parseOpenSshPublicKey,
  type SshKey,
  sshKeyErrorCodes,
} from '@nimbus/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import {
  deleteSshKey,
  findSshKeyByFingerprint,
  insertSshKey,
  listSshKeys,
  type SshKeyRow,
} from './ssh-keys.repository';

/** "SHA256:" and the unpadded base64 SHA-256 of the decoded blob: what `ssh-keygen -l` prints. */
export const fingerprintOf = (blob: string) =>
  `SHA256:${createHash('sha256').update(Buffer.from(blob, 'base64')).digest('base64').replace(/=+$/, '')}`;

const toSshKey = (row: SshKeyRow): SshKey => ({
  id: row.id,
  customerId: row.customerId,
  name: row.name,
  publicKey: row.publicKey,
  type: row.keyType,
  bits: row.bits,
  fingerprint: row.fingerprint,
  createdAt: row.createdAt.toISOString(),
});

const nameExists = () => conflict(sshKeyErrorCodes.nameExists, 'You already have a key with this name.');

/** The customer's SSH keys. Names (case-insensitive) and keys (by fingerprint) are unique per customer. */
export function createSshKeyService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(customerId: number): Promise<SshKey[]> {
      return (await listSshKeys(db, customerId)).map(toSshKey);
    },

    /** The route's `createSshKeyRequestSchema` has already checked both; the key is parsed again for its parts. */
    async create(customerId: number, request: { name: string; publicKey: string }): Promise<SshKey> {
      const parsed = parseOpenSshPublicKey(request.publicKey);
      if ('problem' in parsed)
        throw badRequest(errorCodes.validation, messageText('validation.sshKey.format'));
      const fingerprint = fingerprintOf(parsed.blob);
      const inserted = await insertSshKey(db, {
        customerId,
        name: request.name.trim(),
        publicKey: normalizePublicKey(parsed),
        keyType: parsed.type,
        bits: parsed.bits,
        fingerprint,
      });
      if ('row' in inserted) return toSshKey(inserted.row);
      if (inserted.conflict === 'name') throw nameExists();
      const existing = await findSshKeyByFingerprint(db, customerId, fingerprint);
      // The other key may have been deleted since the insert failed; the answer stays the same.
      throw conflict(
        sshKeyErrorCodes.keyExists,
        existing ? `This key is already added as “${existing.name}”.` : 'This key is already added.',
      );
    },

    async remove(customerId: number, id: number): Promise<void> {
      // Another customer's key answers exactly like a missing one.
      if (!(await deleteSshKey(db, customerId, id))) throw notFound('No such SSH key.');
    },
  };
}

export type SshKeyService = ReturnType<typeof createSshKeyService>;
