import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api';
import { pageRoute, renderRoutes, stubRoute, testBranding, underTest } from '../../../test/render';
import { testUser } from '../../account/test-utils';
import { TopBar } from './TopBar';

async function renderTopBar(sandboxPayments: boolean) {
  mockApi({ 'GET /api/auth/user-info': ok(testUser) });
  await renderRoutes(
    '/payments',
    (root) => [
      pageRoute(root, '/payments', underTest(<TopBar navigationOpen={false} onOpenNavigation={() => {}} />)),
      stubRoute(root, '/dashboard', 'Dashboard stub'),
    ],
    { branding: { ...testBranding, sandboxPayments }, ready: () => screen.findByTestId('page-under-test') },
  );
}

describe('TopBar: test payments badge', () => {
  it('is shown while sandbox payments are on', async () => {
    await renderTopBar(true);
    const badge = screen.getByText('Test payments');
    expect(badge).toBeVisible();
    fireEvent.mouseOver(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Sandbox payments are on: credit is added without real money.',
    );
  });

  it('is absent on a live install', async () => {
    await renderTopBar(false);
    expect(screen.queryByText('Test payments')).toBeNull();
  });
});
