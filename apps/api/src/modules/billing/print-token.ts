import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../../lib/secrets';

/** What a print token opens: a printable invoice or a payment receipt. */
export type PrintTokenKind = 'invoice' | 'payment';

export interface PrintTokens {
  sign(kind: PrintTokenKind, id: number, customerId: number): Promise<string>;
  /** The document and its owner, or null for a token that is malformed, expired, tampered with or of another kind. */
  verify(kind: PrintTokenKind, token: string): Promise<{ id: number; customerId: number } | null>;
}

const audienceOf = (kind: PrintTokenKind) => `nimbus:print:${kind}`;

/**
 * Signed, expiring links to printable documents, opened without signing in (a browser's print
 * window or a PDF renderer has no session). The key is its own secret, so an access token can never
 * pass for a print token or the other way round; the audience binds the kind, so an invoice token
 * does not open a receipt.
 */
export function createPrintTokens(deps: {
  db: Database;
  config: Pick<Config, 'PRINT_TOKEN_TTL_HOURS'>;
}): PrintTokens {
  let key: Promise<Uint8Array> | null = null;
  const signingKey = () => {
    if (!key) {
      key = getOrCreateSecret(deps.db, 'print-token-key').then((secret) => new TextEncoder().encode(secret));
      // A database hiccup on first use must not poison every later request.
      key.catch(() => {
        key = null;
      });
    }
    return key;
  };

  return {
    async sign(kind, id, customerId) {
      return new SignJWT({ cid: customerId })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(audienceOf(kind))
        .setSubject(String(id))
        .setIssuedAt()
        .setExpirationTime(`${deps.config.PRINT_TOKEN_TTL_HOURS}h`)
        .sign(await signingKey());
    },

    async verify(kind, token) {
      // Outside the try: a database failure is an error, not a bad token.
      const secret = await signingKey();
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          audience: audienceOf(kind),
          requiredClaims: ['exp', 'sub'],
        }));
      } catch {
        return null;
      }
      const id = Number(payload.sub);
      const customerId = payload.cid;
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (typeof customerId !== 'number' || !Number.isSafeInteger(customerId)) return null;
      return { id, customerId };
    },
  };
}
