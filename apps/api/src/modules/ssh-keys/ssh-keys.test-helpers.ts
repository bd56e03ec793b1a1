import { generateKeyPairSync } from 'node:crypto';

/** Test-only: real public keys in OpenSSH format, and known keys with their `ssh-keygen -lf` fingerprints. */

export const knownKeys = {
  ed25519: {
    line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM test@x',
    fingerprint: 'SHA256:/igim6TxDmkLIVlEkZNKwPD8kl0uTu4VNVsaANubbD4',
  },
  ecdsa384: {
    line: 'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBNfVfyL98za0Gs4EZX6IueguuQA/5yXAucgW+aLEDAVk7Ukba3WirrVjFfJhq47LpaoVJDcUZMldZQBvE4GqWKjlCLibYVYCMC37Y2YMZilVLcjkkknDnEzMbFUKD1pzgw== root@vm',
    fingerprint: 'SHA256:kQeIGoRBIl8cuisDfoKBYW6FpmuTmZlq9ZKAV2FIvqc',
  },
  rsa3072: {
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDcpSMOs8fZJizCjwAZuam261yApFbqHKKOatbKufeqxSy9WTXdIeRA/SoBHAXDtdHmy3B3Vdh0TtmteMxY8k66NoZkXE5UUfz0m8dz4jFtq8rHK3/uI1VIhs8VodJuhBKKrorVkdEDgZ/41Jss5WvmmRm13dWCfaCHHRNNRSG3p296ALfh/l1c1hYuEQgnoUlbRkDq2e2MLKeCZEXg1oDjxGTWQfpepd3R29NL/1r0nu72syVPCWpUDzddoKh9K7Rg50Q4oTr8f59GKZYzNsLoIg6SeYU6mC96hIrknfEpxecscrWo8R7UXyMDNeNtf0GWFmTJSLjqEE6sRxWYcmOVpb1hd4PZTiPwbLk7/zKCHRvkWu6IJ8V1f0MVxD0mZ/RZcQyern9aq7eBzYR8/otEbkglv6mQyN7YoayCk6iYje5NeuiuZJgmqXZeq43y14MblCJRnw3Yv77OsxFCMHRmVPMGZEf90MgLJoGY0Cbeygv3pmZdzeDsuNrg7zykg0c= root@vm',
    fingerprint: 'SHA256:5idmMH6472ritAc+Lp/uEFqyK+2vFP54PMrBJvwjDts',
  },
  /** 1024 bits: too short. */
  rsa1024: {
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC5fiAsHGrNPrUguf3hOGtrOi2NBy7mFQl8CVkHrKnFCNlH82TfJJ9Ubl5m83Cb981TldVOexsbQmNC6XdLiNKmGjwixfdMQAjCz+OYCrDYR/Trc/+w9+pr0wluPjrAwPx434/72IKffnhcKkyCJduvjV7JIJLLEIlBWOCCcJwKlQ== root@vm',
    fingerprint: 'SHA256:TfQ7SVLvPvPvqtydJJUN+1+RzP5fk1/w4J1WqoWPMDE',
  },
} as const;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const sshString = (bytes: Buffer | string) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return Buffer.concat([u32(b.length), b]);
};
/** An unsigned big-endian integer as an SSH mpint: a zero byte in front when the top bit is set. */
const mpint = (base64url: string) => {
  let b = Buffer.from(base64url, 'base64url');
  while (b.length > 1 && b[0] === 0) b = b.subarray(1);
  return sshString(b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
};

export type GeneratedKind = 'ed25519' | 'rsa2048' | 'rsa1024' | 'p256' | 'p521';

const curveOf = { p256: ['P-256', 'nistp256'], p521: ['P-521', 'nistp521'] } as const;

/** A freshly generated public key as one OpenSSH line, built from the JWK's parts. */
export function generateOpenSshKey(kind: GeneratedKind, comment = 'test@nimbus'): string {
  let type: string;
  let parts: Buffer[];
  if (kind === 'ed25519') {
    const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    type = 'ssh-ed25519';
    parts = [sshString(Buffer.from(jwk.x!, 'base64url'))];
  } else if (kind === 'rsa2048' || kind === 'rsa1024') {
    const modulusLength = kind === 'rsa2048' ? 2048 : 1024;
    const jwk = generateKeyPairSync('rsa', { modulusLength }).publicKey.export({ format: 'jwk' });
    type = 'ssh-rsa';
    parts = [mpint(jwk.e!), mpint(jwk.n!)];
  } else {
    const [namedCurve, curve] = curveOf[kind];
    const jwk = generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' });
    type = `ecdsa-sha2-${curve}`;
    const point = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, 'base64url'),
      Buffer.from(jwk.y!, 'base64url'),
    ]);
    parts = [sshString(curve), sshString(point)];
  }
  return `${type} ${Buffer.concat([sshString(type), ...parts]).toString('base64')} ${comment}`;
}
