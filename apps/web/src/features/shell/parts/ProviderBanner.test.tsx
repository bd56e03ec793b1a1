import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api';
import { pageRoute, pageShown, renderRoutes, underTest } from '../../../test/render';
import { ProviderBanner, safeBannerUrl } from './ProviderBanner';

const banner = {
  message: 'New: High Frequency plans are now available in Singapore.',
  severity: 'warning',
  link: { url: 'https://nimbus.example/news', label: 'Read more' },
};

const renderBanner = () =>
  renderRoutes('/', (root) => [pageRoute(root, '/', underTest(<ProviderBanner />))], { ready: pageShown });

describe('the provider’s banner', () => {
  it('shows the message with its severity and opens its link in a new tab', async () => {
    mockApi({ 'GET /api/banner': ok(banner) });
    await renderBanner();
    const shown = await screen.findByRole('status', { name: 'Announcement' });
    expect(shown).toHaveTextContent(banner.message);
    expect(shown).toHaveClass('MuiAlert-colorWarning');
    const link = screen.getByRole('link', { name: /Read more/ });
    expect(link).toHaveAttribute('href', 'https://nimbus.example/news');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('leaves out a link that is not a web page', async () => {
    mockApi({
      'GET /api/banner': ok({ ...banner, link: { url: 'javascript:alert(1)', label: 'Read more' } }),
    });
    await renderBanner();
    expect(await screen.findByText(banner.message)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('stays closed for the rest of the session once dismissed', async () => {
    mockApi({ 'GET /api/banner': ok(banner) });
    const first = await renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText(banner.message)).not.toBeInTheDocument();
    first.view.unmount();
    await renderBanner();
    // The answer is read, and the same announcement is still not shown.
    await screen.findByTestId('page-under-test');
    expect(screen.queryByText(banner.message)).not.toBeInTheDocument();
  });

  it('shows a different announcement after one was dismissed', async () => {
    mockApi({ 'GET /api/banner': ok(banner) });
    const first = await renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    first.view.unmount();
    mockApi({ 'GET /api/banner': ok({ ...banner, message: 'Maintenance in Frankfurt on Sunday.' }) });
    await renderBanner();
    expect(await screen.findByText('Maintenance in Frankfurt on Sunday.')).toBeInTheDocument();
  });

  it('shows nothing when the provider has no banner', async () => {
    const server = mockApi({ 'GET /api/banner': ok(null) });
    await renderBanner();
    await waitFor(() => expect(server.calls('GET', '/api/banner')).toHaveLength(1));
    expect(screen.queryByRole('status', { name: 'Announcement' })).not.toBeInTheDocument();
  });
});

describe('a banner link', () => {
  it('is kept only when it is an http or https address', () => {
    expect(safeBannerUrl('https://nimbus.example/a')).toBe('https://nimbus.example/a');
    expect(safeBannerUrl('http://nimbus.example/a')).toBe('http://nimbus.example/a');
    expect(safeBannerUrl('javascript:alert(1)')).toBeNull();
    expect(safeBannerUrl('data:text/html,hi')).toBeNull();
    expect(safeBannerUrl('/news')).toBeNull();
    expect(safeBannerUrl(undefined)).toBeNull();
  });
});
