import type { Config } from '../../config';

/** Server-side check of the token the sign-in page got from the captcha widget. */
export interface CaptchaVerifier {
  verify(token: string | undefined, remoteIp?: string): Promise<boolean>;
}

/** Captcha switched off: every sign-in passes. */
export const noCaptcha: CaptchaVerifier = { verify: async () => true };

/**
 * Cloudflare Turnstile siteverify. Fails closed: a missing token, an unreachable or slow verifier
 * (over `timeoutMs`) or any answer other than `success: true` rejects the sign-in.
 */
export function turnstileCaptcha(opts: {
  secret: string;
  verifyUrl: string;
  timeoutMs?: number;
}): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret: opts.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(opts.verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

export function createCaptchaVerifier(
  config: Pick<Config, 'CAPTCHA_PROVIDER' | 'CAPTCHA_SECRET' | 'CAPTCHA_VERIFY_URL'>,
): CaptchaVerifier {
  if (config.CAPTCHA_PROVIDER === 'none') return noCaptcha;
  if (!config.CAPTCHA_SECRET)
    throw new Error('CAPTCHA_SECRET is required when CAPTCHA_PROVIDER is turnstile');
  return turnstileCaptcha({ secret: config.CAPTCHA_SECRET, verifyUrl: config.CAPTCHA_VERIFY_URL });
}
