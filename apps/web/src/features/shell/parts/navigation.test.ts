import { describe, expect, it } from 'vitest';
import { isActive, navigation } from './navigation';

const items = navigation.flatMap((section) => section.items);
const activeKeys = (pathname: string) => items.filter((item) => isActive(item, pathname)).map((i) => i.key);

describe('sidebar', () => {
  it('lists the entries of platform.md §2 in order', () => {
    expect(navigation.map((s) => s.key)).toEqual([
      undefined,
      'management',
      'solutions',
      'billing',
      undefined,
    ]);
    expect(items.map((i) => i.key)).toEqual([
      'dashboard',
      'services',
      'sshKeys',
      'ipManagement',
      'applications',
      'vpnProxy',
      'forexVps',
      'invoices',
      'payments',
      'transactions',
      'autoRecharge',
      'support',
    ]);
  });

  it('has one entry per page', () => {
    const pages = items.map((i) => i.to);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it.each([
    ['/dashboard', ['dashboard']],
    ['/services/snapshots', ['services']],
    ['/instances/12/network', ['services']],
    ['/invoices/7', ['invoices']],
    ['/support/new-ticket', ['support']],
    ['/transactions', ['transactions']],
    ['/solutions/forex-vps', ['forexVps']],
    ['/account/information', []],
  ])('marks only the right entry active on %s', (pathname, expected) => {
    expect(activeKeys(pathname)).toEqual(expected);
  });
});
