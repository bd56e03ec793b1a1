import { supportedLocales } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageRoute, pageShown, renderRoutes, underTest } from '../../../test/render';
import { BenefitsList } from './BenefitsList';

describe('sign-up benefits', () => {
  it('promises only what this release has', async () => {
    await renderRoutes('/', (root) => [pageRoute(root, '/', underTest(<BenefitsList />))], {
      ready: pageShown,
    });
    const list = await screen.findByRole('list');
    expect(list).toHaveTextContent('Your SSH keys');
    expect(list).toHaveTextContent(`The panel speaks ${supportedLocales.length} languages`);
    expect(list).toHaveTextContent('Snapshots and backups');
    expect(list).toHaveTextContent('Open a ticket about any server');
    // Floating IPs and one-click applications arrive in a later release.
    expect(list).not.toHaveTextContent(/floating|one-click|application/i);
  });
});
