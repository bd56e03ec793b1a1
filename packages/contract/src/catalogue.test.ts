import { describe, expect, it } from 'vitest';
import { type OcaField, ocaDataSchemaFor } from './catalogue';
import { applicationsQuerySchema, productsQuerySchema } from './catalogue-queries';
import { billingCycleDetails, billingCycles, monthlyToHourlyMicros } from './catalogue-rules';

describe('catalogue rules', () => {
  it('derives hourly prices from monthly ones over oneMonthInHours', () => {
    expect(monthlyToHourlyMicros(2_000_000, 730)).toBe(2_700);
    expect(monthlyToHourlyMicros(730_000_000, 730)).toBe(1_000_000);
  });

  it('knows the billing cycles and their month multipliers', () => {
    expect(billingCycles.map((c) => billingCycleDetails[c].months)).toEqual([null, 1, 3, 6, 12]);
  });

  it('validates ocaData against an application form', () => {
    const fields: OcaField[] = [
      { name: 'siteTitle', label: 'Site title', type: 'text', required: true, maxLength: 10 },
      { name: 'adminEmail', label: 'Email', type: 'email', required: true },
      {
        name: 'model',
        label: 'Model',
        type: 'select',
        required: false,
        options: [{ value: 'a', label: 'A' }],
      },
    ];
    const schema = ocaDataSchemaFor(fields);
    expect(schema.safeParse({ siteTitle: 'Blog', adminEmail: 'a@b.co' }).success).toBe(true);
    expect(schema.safeParse({ siteTitle: 'Blog', adminEmail: 'a@b.co', model: '' }).success).toBe(true);
    const bad = schema.safeParse({ siteTitle: '', adminEmail: 'nope', model: 'b', extra: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      '',
      'adminEmail',
      'model',
      'siteTitle',
    ]);
    expect(schema.safeParse({ siteTitle: 'x'.repeat(11), adminEmail: 'a@b.co' }).success).toBe(false);
  });

  it('parses list and paging query strings', () => {
    expect(productsQuerySchema.parse({ featureIds: ['1,2', '3'], action: 'resize' })).toEqual({
      featureIds: [1, 2, 3],
      action: 'RESIZE',
    });
    expect(productsQuerySchema.safeParse({ featureIds: '1,abc' }).success).toBe(false);
    expect(applicationsQuerySchema.parse({ tags: 'Web,vpn', isActive: 'false' })).toEqual({
      tags: ['web', 'vpn'],
      isActive: false,
      page: 1,
      pageSize: 12,
    });
    expect(applicationsQuerySchema.safeParse({ pageSize: '501' }).success).toBe(false);
  });
});
