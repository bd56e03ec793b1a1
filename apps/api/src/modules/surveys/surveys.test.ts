import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { parseAdminArgs } from '../admin/admin.args';
import { runAdminCommand } from '../admin/admin.run';
import { adminDeps } from '../admin/admin.test-helpers';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { customerWithCredit } from '../billing/billing.test-helpers';
import { insertInstance, type TestCustomer } from '../instances/instances.test-helpers';
import { validTicket } from '../support/support.test-helpers';

describe('surveys', () => {
  let t: TestApp;
  let alice: TestCustomer;
  let bob: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, BRAND_REVIEW_URL: 'https://reviews.example/nimbus' });
    alice = await customerWithCredit(t.app, t.db, 0);
    bob = await customerWithCredit(t.app, t.db, 0);
  });
  afterAll(() => t.close());

  const call = (user: TestCustomer, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const submit = (user: TestCustomer, id: number, payload: object) =>
    call(user, 'POST', `/api/surveys/${id}/submit`, payload);

  it('serves each survey with its choices; the satisfaction surveys rate 1 to 5', async () => {
    const csat = (await call(alice, 'GET', '/api/surveys?type=csat')).json().data;
    expect(csat.type).toBe('csat');
    expect(csat.choices.map((c: { key: string }) => c.key)).toEqual(['1', '2', '3', '4', '5']);
    expect(csat.choices.map((c: { hasReason: boolean }) => c.hasReason)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const deletion = (await call(alice, 'GET', '/api/surveys?type=delete-instance')).json().data;
    expect(deletion.choices.at(-1)).toMatchObject({ key: 'other', hasReason: true });
    expect((await call(alice, 'GET', '/api/surveys?type=nps')).statusCode).toBe(400);
  });

  it('takes one answer per reference, asks a reason for low ratings, and invites happy customers to review', async () => {
    const csat = (await call(alice, 'GET', '/api/surveys?type=csat')).json().data;
    const last = async () =>
      (await call(alice, 'GET', `/api/surveys/${csat.id}/last-submission`)).json().data.submission;
    expect(await last()).toBeNull();
    const star = (n: number) => csat.choices[n - 1].id;

    const noReason = await submit(alice, csat.id, { choices: [{ id: star(2) }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('INVALID_SURVEY_ANSWER');
    const two = await submit(alice, csat.id, { choices: [{ id: star(4) }, { id: star(5) }] });
    expect(two.json().code).toBe('INVALID_SURVEY_ANSWER');
    const foreign = await submit(alice, csat.id, { choices: [{ id: 101 }] });
    expect(foreign.json().code).toBe('INVALID_SURVEY_ANSWER');

    const happy = await submit(alice, csat.id, { choices: [{ id: star(5) }] });
    expect(happy.statusCode, happy.body).toBe(201);
    expect(happy.json().data).toMatchObject({
      reviewUrl: 'https://reviews.example/nimbus',
      submission: { rating: 5 },
    });
    expect(await last()).toMatchObject({ rating: 5, reference: '' });
    const again = await submit(alice, csat.id, { choices: [{ id: star(1), reason: 'Changed my mind.' }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SURVEY_ALREADY_SUBMITTED');
    const sideways = await submit(alice, csat.id, { reference: 'again', choices: [{ id: star(5) }] });
    expect(sideways.json().code).toBe('SURVEY_REFERENCE_NOT_FOUND');

    // Another customer's answer is their own.
    expect(
      (await call(bob, 'GET', `/api/surveys/${csat.id}/last-submission`)).json().data.submission,
    ).toBeNull();
    const unhappy = await submit(bob, csat.id, { choices: [{ id: star(2), reason: 'The panel was slow.' }] });
    expect(unhappy.json().data.reviewUrl).toBeNull();
  });

  it('asks about the customer’s own instances and tickets only', async () => {
    const deletion = (await call(alice, 'GET', '/api/surveys?type=delete-instance')).json().data;
    const mine = await insertInstance(t.db, alice.id, { deletedAt: new Date() });
    const theirs = await insertInstance(t.db, bob.id);
    const answer = { choices: [{ id: 102 }, { id: 106, reason: 'Moving to bare metal.' }] };
    expect((await submit(alice, deletion.id, { ...answer, reference: String(theirs.id) })).json().code).toBe(
      'SURVEY_REFERENCE_NOT_FOUND',
    );
    const res = await submit(alice, deletion.id, { ...answer, reference: String(mine.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.reviewUrl).toBeNull();

    const ticket = (await call(alice, 'POST', '/api/tickets', validTicket)).json().data;
    const satisfaction = (await call(alice, 'GET', '/api/surveys?type=ticket-satisfaction')).json().data;
    expect(
      (await submit(bob, satisfaction.id, { reference: String(ticket.id), choices: [{ id: 305 }] })).json()
        .code,
    ).toBe('SURVEY_REFERENCE_NOT_FOUND');
    expect(
      (await submit(alice, satisfaction.id, { reference: String(ticket.id), choices: [{ id: 305 }] }))
        .statusCode,
    ).toBe(201);

    const results = (await call(alice, 'GET', '/api/surveys/results')).json().data.submissions;
    expect(results.map((s: { type: string }) => s.type)).toEqual([
      'ticket-satisfaction',
      'delete-instance',
      'csat',
    ]);

    const report = await runAdminCommand(
      parseAdminArgs(['surveys', 'results', '--type', 'csat']),
      adminDeps(t.db),
    );
    expect(report.lines[0]).toBe('csat: 2 answer(s), average rating 3.50');
    expect(report.lines.join('\n')).toContain('“The panel was slow.”');
  });
});
