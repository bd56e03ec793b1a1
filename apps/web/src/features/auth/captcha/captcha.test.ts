import { CAPTCHA_HEADER } from '@nimbus/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CaptchaClient,
  CaptchaUnavailableError,
  captchaHeaders,
  noCaptcha,
  obtainCaptchaToken,
} from './captcha';

/** A captcha that has no token for the first `failures` asks. */
function flakyCaptcha(failures: number) {
  let calls = 0;
  const getToken = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new Error('not ready');
    return 'token-1';
  });
  const client: CaptchaClient = { getToken, reset: vi.fn() };
  return { client, getToken };
}

describe('obtainCaptchaToken', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers at once when the first attempt has a token', async () => {
    const { client, getToken } = flakyCaptcha(0);
    await expect(obtainCaptchaToken(client)).resolves.toBe('token-1');
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('asks again 1 s after each failure and uses the token it then gets', async () => {
    const { client, getToken } = flakyCaptcha(2);
    const result = obtainCaptchaToken(client);

    await vi.advanceTimersByTimeAsync(0);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(getToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(getToken).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toBe('token-1');
  });

  it('gives up after 3 attempts, 1 s apart, with a captcha error', async () => {
    const { client, getToken } = flakyCaptcha(Number.POSITIVE_INFINITY);
    const result = obtainCaptchaToken(client);
    const settled = expect(result).rejects.toBeInstanceOf(CaptchaUnavailableError);

    await vi.advanceTimersByTimeAsync(2000);
    await settled;
    expect(getToken).toHaveBeenCalledTimes(3);
    // No fourth attempt comes later.
    await vi.advanceTimersByTimeAsync(5000);
    expect(getToken).toHaveBeenCalledTimes(3);
  });
});

describe('provider none', () => {
  it('has no token and so sends no captcha header', async () => {
    const token = await obtainCaptchaToken(noCaptcha);
    expect(token).toBeNull();
    expect(captchaHeaders(token)).toBeUndefined();
    expect(captchaHeaders('abc')).toEqual({ [CAPTCHA_HEADER]: 'abc' });
  });
});
