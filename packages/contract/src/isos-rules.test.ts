import { describe, expect, it } from 'vitest';
import { isoImportSchema } from './isos';
import { isoNameProblem, isoSizeGb, isoUrlProblem } from './isos-rules';

describe('custom ISO import rules', () => {
  it('takes https addresses whose path ends in .iso, in any case, with a query', () => {
    for (const url of [
      'https://cdimage.debian.org/debian-cd/current/amd64/iso-cd/debian-13.2.0-amd64-netinst.iso',
      'https://example.com:8443/a/B.ISO',
      'https://example.com/file.iso?token=abc',
      'https://[2001:db8::1]/x.iso',
    ])
      expect(isoUrlProblem(url), url).toBeNull();
  });

  it('refuses other schemes, other files, user info, spaces and non-English characters', () => {
    for (const url of [
      'http://example.com/a.iso',
      'ftp://example.com/a.iso',
      'https://example.com/a.img',
      'https://example.com/a.iso.zip',
      'https://example.com/?file=a.iso',
      'https://user:pw@example.com/a.iso',
      'https://exämple.com/a.iso',
      'https://example.com/my file.iso',
      'example.com/a.iso',
    ])
      expect(isoUrlProblem(url), url).toBe('validation.iso.url');
    expect(isoUrlProblem('  ')).toBe('validation.required');
  });

  it('names are at most 30 English characters', () => {
    expect(isoNameProblem('Windows Server 2025 (eval)')).toBeNull();
    expect(isoNameProblem('x'.repeat(30))).toBeNull();
    expect(isoNameProblem('x'.repeat(31))).toBe('validation.iso.nameTooLong');
    expect(isoNameProblem('ویندوز')).toBe('validation.iso.englishOnly');
    expect(isoNameProblem('Installer ✓')).toBe('validation.iso.englishOnly');
    expect(isoNameProblem('')).toBe('validation.required');
  });

  it('the form schema checks both and defaults virtio on', () => {
    const parsed = isoImportSchema.parse({ name: ' Arch ', url: 'https://a.example/arch.iso', regionId: 1 });
    expect(parsed).toEqual({ name: 'Arch', url: 'https://a.example/arch.iso', regionId: 1, useVirtio: true });
    const bad = isoImportSchema.safeParse({ name: 'نصب', url: 'http://a/x.iso', regionId: 1 });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'validation.iso.englishOnly'],
      ['url', 'validation.iso.url'],
    ]);
  });

  it('shows sizes in GB with two decimals', () => {
    expect(isoSizeGb(1024 ** 3 * 2.5)).toBe(2.5);
    expect(isoSizeGb(700 * 1024 ** 2)).toBe(0.68);
  });
});
