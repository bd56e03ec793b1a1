import { instanceErrorCodes } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadDraft } from './draft';
import { catalogueApi, fail, ok, renderCreationPage } from './instance-creation.test-helpers';

const createButton = () => screen.getByRole('button', { name: /Create instance/ });
const created = ok({
  results: [{ hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' }],
});

/** The answers of POST /instances that refuse an order (instances.md §8), as the creation screen shows them. */
describe('InstanceCreationPage refusals', () => {
  it('403 ACCOUNT_SUSPENDED: says the account is suspended and keeps the form', async () => {
    const api = catalogueApi({ 'POST /api/instances': fail(403, instanceErrorCodes.accountSuspended) });
    await renderCreationPage();
    fireEvent.click(createButton());
    expect(await screen.findByText('Your Account is suspended.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending' })).not.toBeInTheDocument();
    expect(loadDraft()?.productId).toBe(1);
    expect(api.calls('POST', '/api/instances')).toHaveLength(1);
  });

  it('403 ACCESS_SUSPENDED: asks for a ticket about the unusual activity', async () => {
    catalogueApi({ 'POST /api/instances': fail(403, instanceErrorCodes.accessSuspended) });
    await renderCreationPage();
    fireEvent.click(createButton());
    expect(
      await screen.findByText('Access suspended due to unusual activity. Please submit a ticket.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your Account is suspended.')).not.toBeInTheDocument();
  });

  it('403 EMAIL_NOT_VERIFIED: shows where to verify the email; once verified the order goes through', async () => {
    let answers = 0;
    catalogueApi({
      'POST /api/instances': () => {
        answers += 1;
        return answers === 1 ? fail(403, instanceErrorCodes.emailNotVerified) : created;
      },
    });
    await renderCreationPage();
    fireEvent.click(createButton());
    expect(
      await screen.findByText(/Verify your email address before creating instances\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify email' })).toHaveAttribute('href', '/account/email');
    fireEvent.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Pending' })).toBeInTheDocument();
  });

  it('409 PROMOTION_LIMIT_REACHED: asks to confirm, then orders again accepting the limit', async () => {
    const api = catalogueApi({
      'POST /api/instances': (request) =>
        (request.body as { acceptPromotionLimit?: boolean }).acceptPromotionLimit
          ? created
          : fail(409, instanceErrorCodes.promotionLimit, { data: { allowed: 2, requested: 3 } }),
    });
    await renderCreationPage();
    fireEvent.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Promotion limit reached' });
    expect(dialog).toHaveTextContent(
      'The promotion covers 2 of the 3 instances in this region. The others are charged at the base price.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create anyway' }));
    expect(await screen.findByRole('heading', { name: 'Pending' })).toBeInTheDocument();
    const sent = api.calls('POST', '/api/instances').map((r) => r.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.acceptPromotionLimit).toBeFalsy();
    expect(sent[1]?.acceptPromotionLimit).toBe(true);
  });

  it('409 PROMOTION_LIMIT_REACHED, cancelled: nothing more is sent', async () => {
    const api = catalogueApi({
      'POST /api/instances': fail(409, instanceErrorCodes.promotionLimit, {
        data: { allowed: 2, requested: 3 },
      }),
    });
    await renderCreationPage();
    fireEvent.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'Promotion limit reached' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/api/instances')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Pending' })).not.toBeInTheDocument();
  });
});
