import { describe, expect, it } from 'vitest';
import { applicationFiltersOf, readApplicationsSearch } from './search';

describe('the applications page’s URL', () => {
  it('keeps the search, category and page, and drops what does not fit', () => {
    expect(readApplicationsSearch({ name: ' word ', tag: 'VPN', page: 2 })).toEqual({
      name: 'word',
      tag: 'vpn',
      page: 2,
    });
    expect(readApplicationsSearch({ name: '  ', tag: 'a,b', page: 0 })).toEqual({
      name: undefined,
      tag: undefined,
      page: undefined,
    });
    expect(readApplicationsSearch({ name: 'x'.repeat(101) }).name).toBeUndefined();
    // Featured is the default: its link is the page's own.
    expect(readApplicationsSearch({ tag: 'featured' }).tag).toBeUndefined();
  });

  it('asks for Featured by default and for every category with All', () => {
    expect(applicationFiltersOf({})).toEqual({ name: undefined, tag: 'featured', page: 1 });
    expect(applicationFiltersOf({ tag: 'all', name: 'sql', page: 3 })).toEqual({
      name: 'sql',
      tag: undefined,
      page: 3,
    });
  });
});
