import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  application,
  applicationPage,
  categories,
  fail,
  mockApi,
  ok,
  renderApplications,
  type SeenRequest,
  searchOf,
} from './applications.test-helpers';

const queryOf = (request: SeenRequest | undefined) => Object.fromEntries(request?.query ?? []);

describe('the applications page', () => {
  it('shows the featured applications as cards, with the beta badge and Deploy to instance creation', async () => {
    const api = mockApi({
      'GET /api/applications': ok(
        applicationPage([
          application(1, { name: 'WordPress', description: 'Publishing platform.' }),
          application(13, { name: 'Ollama', isBeta: true, defaultRamInGB: 8 }),
        ]),
      ),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications');
    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const wordpress = await screen.findByRole('article', { name: 'WordPress' });
    expect(wordpress).toHaveTextContent('Publishing platform.');
    expect(within(wordpress).queryByText('Beta')).not.toBeInTheDocument();
    const ollama = screen.getByRole('article', { name: /Ollama/ });
    expect(within(ollama).getByText('Beta')).toBeInTheDocument();
    expect(screen.getByText('2 applications')).toBeInTheDocument();
    // 12 a page, Featured by default, only what can be deployed.
    expect(queryOf(api.calls('GET', '/api/applications')[0])).toEqual({
      tags: 'featured',
      page: '1',
      pageSize: '12',
      isActive: 'true',
    });
    const featured = await screen.findByRole('button', { name: 'Featured' });
    expect(featured).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');

    const deploy = within(ollama).getByRole('link', { name: 'Deploy Ollama' });
    expect(deploy).toHaveAttribute('href', '/createinstance?appId=13&ram=8');
    fireEvent.click(deploy);
    expect(await screen.findByRole('heading', { name: 'Instance creation' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ appId: '13', ram: '8' });
  });

  it('reads the search, category and page from the URL', async () => {
    const api = mockApi({
      'GET /api/applications': ok(applicationPage([application(9, { name: 'WireGuard' })], 30)),
      'GET /api/applications/tags': ok(categories),
    });
    await renderApplications('/applications?name=wire&tag=vpn&page=2');
    await screen.findByRole('article', { name: 'WireGuard' });
    expect(queryOf(api.calls('GET', '/api/applications')[0])).toMatchObject({
      name: 'wire',
      tags: 'vpn',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search applications' })).toHaveValue('wire');
    expect(await screen.findByRole('button', { name: 'VPN' })).toHaveAttribute('aria-pressed', 'true');
    const pages = screen.getByRole('navigation', { name: 'Application pages' });
    expect(within(pages).getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches by name once typing pauses, starting again at the first page', async () => {
    const api = mockApi({
      'GET /api/applications': (request) =>
        ok(
          applicationPage(
            request.query.get('name') === 'word'
              ? [application(1, { name: 'WordPress' })]
              : [application(2, { name: 'Docker' })],
            request.query.get('name') ? 1 : 20,
          ),
        ),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications?page=2');
    await screen.findByRole('article', { name: 'Docker' });
    const box = screen.getByRole('searchbox', { name: 'Search applications' });
    for (const text of ['w', 'wo', 'wor', 'word']) fireEvent.change(box, { target: { value: text } });
    expect(await screen.findByRole('article', { name: 'WordPress' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ name: 'word' });
    // One request for the word, none for its letters.
    expect(api.calls('GET', '/api/applications').map((r) => r.query.get('name'))).toEqual([null, 'word']);
    expect(box).toHaveValue('word');
  });

  it('filters by category and shows every category with All', async () => {
    const api = mockApi({
      'GET /api/applications': ok(applicationPage([application(1)], 20)),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications?page=2');
    await screen.findByRole('article', { name: 'App 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'VPN' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tag: 'vpn' }));
    await waitFor(() =>
      expect(queryOf(api.calls('GET', '/api/applications').at(-1))).toMatchObject({ tags: 'vpn', page: '1' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ tag: 'all' }));
    await waitFor(() => expect(api.calls('GET', '/api/applications')).toHaveLength(3));
    expect(api.calls('GET', '/api/applications').at(-1)!.query.has('tags')).toBe(false);
    // Back to the default: the URL carries no tag.
    fireEvent.click(screen.getByRole('button', { name: 'Featured' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });

  it('pages through the applications, 12 at a time', async () => {
    const api = mockApi({
      'GET /api/applications': (request) =>
        ok(applicationPage([application(Number(request.query.get('page')) * 100)], 15)),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications?tag=all');
    await screen.findByRole('article', { name: 'App 100' });
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Application pages' })).getByRole('button', {
        name: 'Go to page 2',
      }),
    );
    expect(await screen.findByRole('article', { name: 'App 200' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ tag: 'all', page: '2' });
    expect(queryOf(api.calls('GET', '/api/applications').at(-1))).toEqual({
      page: '2',
      pageSize: '12',
      isActive: 'true',
    });
  });

  it('says when no application matches, and offers every category or no search', async () => {
    mockApi({
      'GET /api/applications': (request) =>
        ok(
          applicationPage(
            request.query.get('name') && request.query.get('tags')
              ? []
              : [application(14, { name: 'MySQL' })],
          ),
        ),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications?name=mysql');
    expect(await screen.findByText('No application matches')).toBeInTheDocument();
    expect(screen.getByText('No application in this category has “mysql” in its name.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all categories' }));
    expect(await screen.findByRole('article', { name: 'MySQL' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ name: 'mysql', tag: 'all' });

    // Searching no more from the empty state empties the box too.
    await router.navigate({ to: '/applications', search: { name: 'mysql' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search applications' })).toHaveValue(''),
    );
  });

  it('shows the error with a retry when the applications cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      'GET /api/applications': () =>
        ++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok(applicationPage([application(3)])),
      'GET /api/applications/tags': fail(500, 'INTERNAL_ERROR'),
    });
    await renderApplications('/applications');
    expect(await screen.findByText('We could not load the applications.')).toBeInTheDocument();
    expect(await screen.findByText('The categories could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'App 3' })).toBeInTheDocument();
  });

  it('offers the first page when the page in the URL is past the end', async () => {
    mockApi({
      'GET /api/applications': (request) =>
        ok({ ...applicationPage(request.query.get('page') === '1' ? [application(1)] : [], 7) }),
      'GET /api/applications/tags': ok(categories),
    });
    const { router } = await renderApplications('/applications?page=4');
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('article', { name: 'App 1' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({});
  });
});
