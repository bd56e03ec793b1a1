import { z } from 'zod';
import {
  type PublicKeyProblem,
  parseOpenSshPublicKey,
  SSH_KEY_NAME_MAX,
  sshKeyTypes,
} from './ssh-keys-rules';

/** SSH keys (platform.md §2 SSH keys page, §3 SSH key, §5, §8, §9); the key parser is in ssh-keys-rules. */

const problemMessage: Record<PublicKeyProblem, string> = {
  format: 'validation.sshKey.format',
  type: 'validation.sshKey.type',
  rsaTooShort: 'validation.sshKey.rsaTooShort',
};

export const sshKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'validation.sshKey.nameRequired')
  .max(SSH_KEY_NAME_MAX, 'validation.sshKey.nameTooLong');

export const publicKeySchema = z
  .string()
  .trim()
  .min(1, 'validation.sshKey.keyRequired')
  .max(16_384, 'validation.sshKey.format')
  .superRefine((value, ctx) => {
    // An empty key already has its own message.
    if (value === '') return;
    const parsed = parseOpenSshPublicKey(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: problemMessage[parsed.problem] });
  });

/** POST /ssh-keys */
export const createSshKeyRequestSchema = z.object({ name: sshKeyNameSchema, publicKey: publicKeySchema });
export type CreateSshKeyRequest = z.input<typeof createSshKeyRequestSchema>;

export const sshKeySchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  publicKey: z.string(),
  type: z.enum(sshKeyTypes),
  bits: z.number().int(),
  /** "SHA256:…", as `ssh-keygen -l` prints it. */
  fingerprint: z.string(),
  createdAt: z.string(),
});
export type SshKey = z.infer<typeof sshKeySchema>;
export const sshKeyListSchema = z.object({ sshKeys: z.array(sshKeySchema) });
