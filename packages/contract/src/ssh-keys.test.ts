import { describe, expect, it } from 'vitest';
import { createSshKeyRequestSchema } from './ssh-keys';
import {
  normalizePublicKey,
  parseOpenSshPublicKey,
  previewKey,
  SSH_KEY_PREVIEW_CHARS,
} from './ssh-keys-rules';

// A global in browsers and in Node.js 16+; the contract compiles without DOM types.
declare function btoa(data: string): string;

/** Real keys (ssh-keygen): ed25519, ecdsa P-384, rsa 3072 and rsa 1024. */
const keys = {
  ed25519: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM test@x',
  ecdsa384:
    'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBNfVfyL98za0Gs4EZX6IueguuQA/5yXAucgW+aLEDAVk7Ukba3WirrVjFfJhq47LpaoVJDcUZMldZQBvE4GqWKjlCLibYVYCMC37Y2YMZilVLcjkkknDnEzMbFUKD1pzgw== root@vm',
  rsa3072:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDcpSMOs8fZJizCjwAZuam261yApFbqHKKOatbKufeqxSy9WTXdIeRA/SoBHAXDtdHmy3B3Vdh0TtmteMxY8k66NoZkXE5UUfz0m8dz4jFtq8rHK3/uI1VIhs8VodJuhBKKrorVkdEDgZ/41Jss5WvmmRm13dWCfaCHHRNNRSG3p296ALfh/l1c1hYuEQgnoUlbRkDq2e2MLKeCZEXg1oDjxGTWQfpepd3R29NL/1r0nu72syVPCWpUDzddoKh9K7Rg50Q4oTr8f59GKZYzNsLoIg6SeYU6mC96hIrknfEpxecscrWo8R7UXyMDNeNtf0GWFmTJSLjqEE6sRxWYcmOVpb1hd4PZTiPwbLk7/zKCHRvkWu6IJ8V1f0MVxD0mZ/RZcQyern9aq7eBzYR8/otEbkglv6mQyN7YoayCk6iYje5NeuiuZJgmqXZeq43y14MblCJRnw3Yv77OsxFCMHRmVPMGZEf90MgLJoGY0Cbeygv3pmZdzeDsuNrg7zykg0c= root@vm',
  rsa1024:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC5fiAsHGrNPrUguf3hOGtrOi2NBy7mFQl8CVkHrKnFCNlH82TfJJ9Ubl5m83Cb981TldVOexsbQmNC6XdLiNKmGjwixfdMQAjCz+OYCrDYR/Trc/+w9+pr0wluPjrAwPx434/72IKffnhcKkyCJduvjV7JIJLLEIlBWOCCcJwKlQ== root@vm',
};
const blobOf = (line: string) => line.split(' ')[1]!;

/** A blob made of SSH wire strings, each given as a "binary" string (one char per byte). */
const wireBlob = (...parts: string[]) =>
  btoa(
    parts
      .map(
        (p) =>
          String.fromCharCode(
            p.length >>> 24,
            (p.length >>> 16) & 255,
            (p.length >>> 8) & 255,
            p.length & 255,
          ) + p,
      )
      .join(''),
  );

describe('parseOpenSshPublicKey', () => {
  it('reads the type, size, blob and comment of real keys', () => {
    expect(parseOpenSshPublicKey(keys.ed25519)).toEqual({
      type: 'ssh-ed25519',
      bits: 256,
      blob: blobOf(keys.ed25519),
      comment: 'test@x',
    });
    expect(parseOpenSshPublicKey(keys.ecdsa384)).toMatchObject({ type: 'ecdsa-sha2-nistp384', bits: 384 });
    expect(parseOpenSshPublicKey(keys.rsa3072)).toMatchObject({
      type: 'ssh-rsa',
      bits: 3072,
      comment: 'root@vm',
    });
  });

  it('rejects RSA keys under 2048 bits', () => {
    expect(parseOpenSshPublicKey(keys.rsa1024)).toEqual({ problem: 'rsaTooShort' });
  });

  it('takes surrounding and repeated whitespace, and a comment with spaces', () => {
    const parsed = parseOpenSshPublicKey(`\n  ssh-ed25519 \t ${blobOf(keys.ed25519)}   my  laptop key \r\n`);
    expect(parsed).toMatchObject({ type: 'ssh-ed25519', comment: 'my laptop key' });
    expect('blob' in parsed && normalizePublicKey(parsed)).toBe(
      `ssh-ed25519 ${blobOf(keys.ed25519)} my laptop key`,
    );
    const bare = parseOpenSshPublicKey(`ssh-ed25519 ${blobOf(keys.ed25519)}`);
    expect('blob' in bare && normalizePublicKey(bare)).toBe(`ssh-ed25519 ${blobOf(keys.ed25519)}`);
  });

  it('names other key types as a type problem, anything else as a format problem', () => {
    expect(parseOpenSshPublicKey(`ssh-dss ${blobOf(keys.ed25519)}`)).toEqual({ problem: 'type' });
    expect(parseOpenSshPublicKey(`sk-ssh-ed25519@openssh.com ${blobOf(keys.ed25519)}`)).toEqual({
      problem: 'type',
    });
    for (const text of ['', 'hello world', '-----BEGIN OPENSSH PRIVATE KEY-----', blobOf(keys.ed25519)]) {
      expect(parseOpenSshPublicKey(text), text).toEqual({ problem: 'format' });
    }
  });

  it('rejects a truncated or damaged blob', () => {
    const blob = blobOf(keys.ed25519);
    for (const damaged of [blob.slice(0, 40), blob.slice(0, -1), `${blob}AAAA`, blob.replace('A', '*'), '']) {
      expect(parseOpenSshPublicKey(`ssh-ed25519 ${damaged}`), damaged).toEqual({ problem: 'format' });
    }
  });

  it('rejects a declared type that differs from the blob', () => {
    expect(parseOpenSshPublicKey(`ssh-rsa ${blobOf(keys.ed25519)}`)).toEqual({ problem: 'format' });
    expect(parseOpenSshPublicKey(`ssh-ed25519 ${blobOf(keys.rsa3072)}`)).toEqual({ problem: 'format' });
    expect(parseOpenSshPublicKey(`ecdsa-sha2-nistp256 ${blobOf(keys.ecdsa384)}`)).toEqual({
      problem: 'format',
    });
  });

  it('checks the parts each type needs', () => {
    const key32 = 'k'.repeat(32);
    expect(parseOpenSshPublicKey(`ssh-ed25519 ${wireBlob('ssh-ed25519', key32)}`)).toMatchObject({
      bits: 256,
    });
    const malformed = [
      `ssh-ed25519 ${wireBlob('ssh-ed25519', 'k'.repeat(31))}`,
      `ssh-ed25519 ${wireBlob('ssh-ed25519', key32, 'extra')}`,
      `ssh-ed25519 ${wireBlob('ssh-ed25519')}`,
      `ecdsa-sha2-nistp256 ${wireBlob('ecdsa-sha2-nistp256', 'nistp256', '')}`,
      `ecdsa-sha2-nistp256 ${wireBlob('ecdsa-sha2-nistp256', 'nistp384', '\x04point')}`,
      `ssh-rsa ${wireBlob('ssh-rsa', '\x01\x00\x01')}`,
    ];
    for (const text of malformed) expect(parseOpenSshPublicKey(text), text).toEqual({ problem: 'format' });
    expect(
      parseOpenSshPublicKey(
        `ecdsa-sha2-nistp521 ${wireBlob('ecdsa-sha2-nistp521', 'nistp521', '\x04point')}`,
      ),
    ).toMatchObject({ type: 'ecdsa-sha2-nistp521', bits: 521 });
  });
});

describe('createSshKeyRequestSchema', () => {
  it('trims the name and names the problem of a bad key', () => {
    expect(createSshKeyRequestSchema.parse({ name: '  laptop ', publicKey: ` ${keys.ed25519}\n` })).toEqual({
      name: 'laptop',
      publicKey: keys.ed25519,
    });
    const result = createSshKeyRequestSchema.safeParse({ name: 'n'.repeat(256), publicKey: keys.rsa1024 });
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'name: validation.sshKey.nameTooLong',
      'publicKey: validation.sshKey.rsaTooShort',
    ]);
  });
});

describe('previewKey', () => {
  it('shows short keys whole and long keys as their first and last 30 characters', () => {
    const short = 'x'.repeat(SSH_KEY_PREVIEW_CHARS * 2 + 1);
    expect(previewKey(short)).toBe(short);
    expect(previewKey(`${short}y`)).toBe(`${'x'.repeat(30)}…${'x'.repeat(29)}y`);
    expect(previewKey(keys.ed25519)).toBe('ssh-ed25519 AAAAC3NzaC1lZDI1NT…aA7a30sKwOziy4vnzFJtVMM test@x');
    expect(previewKey('abcdefghij', 3)).toBe('abc…hij');
    expect(previewKey('abcdefg', 3)).toBe('abcdefg');
  });
});
