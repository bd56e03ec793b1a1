import { useNavigate, useSearch } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { optionalOneOf } from '../../lib/search-params';
import { pageRoute, renderRoutes } from '../../test/render';
import { FilterBar } from './FilterBar';
import type { FilterField, FilterValues } from './filter-model';
import { intervalSearch, pageSearch } from './filter-search';

const fields: FilterField[] = [
  {
    kind: 'choice',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'open', label: 'Open' },
      { value: 'closed', label: 'Closed' },
    ],
  },
  { kind: 'interval', label: 'Date' },
];
const readSearch = (search: Record<string, unknown>) => ({
  status: optionalOneOf(['open', 'closed'], search.status),
  ...intervalSearch(search),
  page: pageSearch(search.page),
});

function ListPage() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const change = (patch: FilterValues) =>
    navigate({ to: '/list', search: readSearch({ ...search, ...patch, page: undefined }) } as never);
  return (
    <>
      <h1>List</h1>
      <FilterBar fields={fields} values={search} onChange={change} />
    </>
  );
}

async function renderList(url: string) {
  const { router } = await renderRoutes(url, (root) => [pageRoute(root, '/list', ListPage, readSearch)], {
    ready: () => screen.findByRole('heading', { name: 'List' }),
  });
  return router;
}

const query = (router: { state: { location: { searchStr: string } } }) =>
  new URLSearchParams(router.state.location.searchStr);
// The panel's code comes at the first click, as it does in the browser.
const openPanel = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
  return screen.findByRole('dialog', { name: 'Filter' });
};

describe('FilterBar', () => {
  it('applies the chosen filters to the URL, back to page 1, and shows them as chips', async () => {
    const router = await renderList('/list?page=3');
    const panel = await openPanel();
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'open' } });
    fireEvent.change(within(panel).getByLabelText('Date'), { target: { value: 'last6Months' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(query(router).get('status')).toBe('open'));
    expect(query(router).get('interval')).toBe('last6Months');
    expect(query(router).has('page')).toBe(false);
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByText('Status: Open')).toBeInTheDocument();
    expect(within(chips).getByText('Date: Last 6 months')).toBeInTheDocument();
  });

  it('reads the filters from the URL, and removes one or all of them', async () => {
    const router = await renderList(
      '/list?status=closed&interval=custom&from=2026-01-01&to=2026-01-31&page=2',
    );
    expect(screen.getByText('Date: Jan 1 – Jan 31, 2026')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Status: Closed' }));
    await waitFor(() => expect(query(router).has('status')).toBe(false));
    expect(query(router).get('from')).toBe('2026-01-01');
    expect(query(router).has('page')).toBe(false);
    expect(screen.queryByText('Status: Closed')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove all' }));
    await waitFor(() => expect(query(router).toString()).toBe(''));
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove all' })).not.toBeInTheDocument();
  });

  it('refuses a custom range that ends before it starts, and one without both days', async () => {
    const router = await renderList('/list');
    const panel = await openPanel();
    fireEvent.change(within(panel).getByLabelText('Date'), { target: { value: 'custom' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(await within(panel).findByText('Choose both a start and an end date.')).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(within(panel).getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeInTheDocument();
    expect(query(router).has('interval')).toBe(false);

    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(query(router).get('to')).toBe('2026-03-31'));
    expect(query(router).get('interval')).toBe('custom');
    expect(query(router).get('from')).toBe('2026-03-10');
    expect(screen.getByText('Date: Mar 10 – Mar 31, 2026')).toBeInTheDocument();
  });

  it('ignores an incomplete range or an unknown value typed into the address bar', async () => {
    await renderList('/list?status=bogus&interval=custom&from=2026-03-10');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).not.toBeInTheDocument();
  });
});
