import { CAPTCHA_HEADER, CAPTCHA_RETRY_ATTEMPTS, CAPTCHA_RETRY_DELAY_MS } from '@nimbus/contract';

/**
 * What sign-in needs from a captcha provider. The provider `none` answers null (no header is sent);
 * a real provider answers a fresh token or throws when it has none yet.
 */
export interface CaptchaClient {
  getToken(): Promise<string | null>;
  /** Tokens are single-use: forget the spent one so the provider solves a new challenge. */
  reset(): void;
}

export const noCaptcha: CaptchaClient = {
  getToken: async () => null,
  reset: () => {},
};

/** No token after every attempt: the form shows the captcha error instead of calling the API. */
export class CaptchaUnavailableError extends Error {
  constructor(override readonly cause?: unknown) {
    super('Captcha token unavailable');
    this.name = 'CaptchaUnavailableError';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec §7: a captcha that cannot give a token yet (script still loading, challenge still running) is
 * asked again, `attempts` times in all, `delayMs` apart, before sign-in gives up.
 */
export async function obtainCaptchaToken(
  client: CaptchaClient,
  { attempts = CAPTCHA_RETRY_ATTEMPTS, delayMs = CAPTCHA_RETRY_DELAY_MS } = {},
): Promise<string | null> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await client.getToken();
    } catch (error) {
      lastError = error;
      if (attempt < attempts) await sleep(delayMs);
    }
  }
  throw new CaptchaUnavailableError(lastError);
}

/** The request headers that carry a token; none for the provider `none`. */
export const captchaHeaders = (token: string | null): Record<string, string> | undefined =>
  token ? { [CAPTCHA_HEADER]: token } : undefined;
