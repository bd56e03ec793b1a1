import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  application,
  applicationPage,
  categories,
  mockApi,
  ok,
  renderApplications,
} from './applications.test-helpers';

const summary =
  '<p>Installed on <strong>Ubuntu</strong>. Open <code>http://your-server-ip</code>.</p>' +
  '<ul><li>See <a href="https://example.com/start">the guide</a></li></ul>' +
  // What the server must never let through; the panel drops it too.
  '<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">bad</a>' +
  '<!--links-->[{"title":"Documentation","url":"https://example.com/docs"},' +
  '{"title":"Unsafe","url":"javascript:alert(4)"}]';

describe('the details of an application', () => {
  it('shows the summary’s HTML and https links safely, and deploys from there', async () => {
    mockApi({
      'GET /api/applications': ok(
        applicationPage([
          application(11, { name: 'MetaTrader', osFamily: 'windows', defaultRamInGB: 4, summary }),
        ]),
      ),
      'GET /api/applications/tags': ok(categories),
    });
    await renderApplications('/applications');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of MetaTrader' }));
    const dialog = await screen.findByRole('dialog', { name: 'MetaTrader' });
    expect(await within(dialog).findByText('Ubuntu')).toHaveProperty('tagName', 'STRONG');
    expect(within(dialog).getByText('http://your-server-ip').tagName).toBe('CODE');
    expect(within(dialog).getByText('Recommended memory: 4 GB')).toBeInTheDocument();
    expect(dialog.querySelector('script, [onerror], img[src="x"]')).toBeNull();
    expect(within(dialog).getByText('bad').closest('a')).toBeNull();
    const guide = within(dialog).getByRole('link', { name: 'the guide' });
    expect(guide).toHaveAttribute('href', 'https://example.com/start');
    expect(guide).toHaveAttribute('rel', 'noopener noreferrer');

    const learnMore = within(dialog).getByRole('region', { name: 'Learn more' });
    const links = within(learnMore).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Documentation (opens in a new tab)');
    expect(links[0]).toHaveAttribute('href', 'https://example.com/docs');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');

    expect(within(dialog).getByRole('link', { name: 'Deploy' })).toHaveAttribute(
      'href',
      '/createinstance?appId=11&ram=4',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
