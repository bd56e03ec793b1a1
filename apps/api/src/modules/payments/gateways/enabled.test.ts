import { describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../../../config';
import { enabledGatewayNames, isLoopbackHost, reachableOnlyLocally, sandboxEnabled } from './enabled';

const config = (env: Partial<Env>) => loadConfig({}, env);
const stripe: Partial<Env> = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

describe('loopback hosts', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.254',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
    ' 127.0.0.1 ',
  ])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    '0.0.0.0',
    '::',
    '',
    '10.0.0.5',
    '192.168.1.10',
    '203.0.113.7',
    '128.0.0.1',
    '::2',
    '1::1',
    '::ffff:10.0.0.1',
    'panel.example',
    'localhost.example',
    'evil.localhost',
    '127.0.0.1.nip.io',
  ])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('reachable only from this machine', () => {
  const at = (HOST: string, more: Partial<Env> = {}) => reachableOnlyLocally(config({ HOST, ...more }));

  it('needs a loopback HOST, no trusted proxy and a loopback PUBLIC_URL if any', () => {
    expect(at('127.0.0.1')).toBe(true);
    expect(at('127.0.0.1', { PUBLIC_URL: 'http://localhost:5173' })).toBe(true);
    expect(at('::1', { PUBLIC_URL: 'http://[::1]:8080/' })).toBe(true);
    expect(at('0.0.0.0')).toBe(false);
    // A reverse proxy on the same machine brings the whole Internet to a loopback HOST.
    expect(at('127.0.0.1', { TRUST_PROXY: true })).toBe(false);
    expect(at('127.0.0.1', { PUBLIC_URL: 'https://panel.example' })).toBe(false);
    expect(at('127.0.0.1', { PUBLIC_URL: 'http://127.0.0.1.nip.io' })).toBe(false);
  });
});

describe('sandbox gateway enablement', () => {
  it('is on by default only while listening on loopback with no real gateway', () => {
    expect(sandboxEnabled(config({}))).toBe(true);
    expect(enabledGatewayNames(config({ HOST: '::1' }))).toEqual(['sandbox']);
    expect(enabledGatewayNames(config({ HOST: '0.0.0.0' }))).toEqual([]);
    expect(enabledGatewayNames(config({ HOST: '203.0.113.7' }))).toEqual([]);
    expect(enabledGatewayNames(config({ TRUST_PROXY: true }))).toEqual([]);
    expect(enabledGatewayNames(config({ PUBLIC_URL: 'https://panel.example' }))).toEqual([]);
  });

  it('is off by default once a real gateway is configured, wherever it listens', () => {
    expect(enabledGatewayNames(config({ ...stripe }))).toEqual(['stripe']);
    expect(enabledGatewayNames(config({ ...stripe, HOST: '0.0.0.0' }))).toEqual(['stripe']);
  });

  it('follows PAYMENT_SANDBOX when it is set', () => {
    expect(enabledGatewayNames(config({ HOST: '0.0.0.0', PAYMENT_SANDBOX: true }))).toEqual(['sandbox']);
    expect(enabledGatewayNames(config({ TRUST_PROXY: true, PAYMENT_SANDBOX: true }))).toEqual(['sandbox']);
    expect(enabledGatewayNames(config({ ...stripe, PAYMENT_SANDBOX: true }))).toEqual(['stripe', 'sandbox']);
    expect(enabledGatewayNames(config({ PAYMENT_SANDBOX: false }))).toEqual([]);
  });
});
