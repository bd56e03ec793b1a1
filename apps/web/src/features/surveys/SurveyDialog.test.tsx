import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi } from '../../test/api';
import { pageRoute, pageShown, renderRoutes, underTest } from '../../test/render';
import { offerSurvey, usePendingSurvey } from './pending-survey';
import {
  answeredBefore,
  lastSubmissionRoute,
  neverAnswered,
  submitRoute,
  submitted,
} from './surveys.test-helpers';

afterEach(() => vi.restoreAllMocks());

/** What the page knows of the survey it offered: whether one is still pending. */
function Page() {
  const pending = usePendingSurvey();
  return (
    <>
      <h1>Some page</h1>
      <p>{pending ? 'Survey pending' : 'No survey pending'}</p>
    </>
  );
}

/** A page of the panel, which offers the survey `type` about `reference` once shown. */
async function offered(...survey: Parameters<typeof offerSurvey>) {
  await renderRoutes('/page', (root) => [pageRoute(root, '/page', underTest(<Page />))], {
    ready: pageShown,
  });
  act(() => offerSurvey(...survey));
}

const ticketSurvey = () => screen.findByRole('dialog', { name: 'How happy are you with the help you got?' });
const thanks = 'Thank you for your feedback.';

describe('the survey dialog', () => {
  it('rates with five named stars; 1 to 3 asks what went wrong before Send, then closes with a toast', async () => {
    const api = mockApi({
      [lastSubmissionRoute('ticket-satisfaction')]: neverAnswered,
      [submitRoute('ticket-satisfaction')]: submitted('ticket-satisfaction'),
    });
    await offered('ticket-satisfaction', '7');
    const dialog = await ticketSurvey();
    expect(api.calls('GET', '/api/surveys/3/last-submission')[0]?.query.get('reference')).toBe('7');
    // Radio buttons, one per star (arrow keys move between them), each named; MUI adds a "No rating" one.
    const stars = within(dialog).getByRole('group', { name: 'Your rating' });
    const named = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];
    expect(named.map((name) => within(stars).getByRole('radio', { name }))).toEqual(
      within(stars)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).value !== ''),
    );
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    const reason = within(dialog).getByRole('textbox', { name: 'What went wrong?' });
    expect(reason).toBeRequired();
    expect(send).toBeDisabled();
    // Left empty, it says why Send stays disabled.
    fireEvent.blur(reason);
    expect(within(dialog).getByText('Tell us in a few words what went wrong.')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(reason, { target: { value: ' The answer took two days. ' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);

    expect(await screen.findByText(thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/surveys/3/submit')[0]?.body).toEqual({
      reference: '7',
      choices: [{ id: 302, reason: 'The answer took two days.' }],
    });
    expect(screen.getByText('No survey pending')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Write a review/ })).not.toBeInTheDocument();
  });

  it('asks nothing more for 4 or 5 stars, and invites a happy customer to review in a new tab', async () => {
    const api = mockApi({
      [lastSubmissionRoute('csat')]: neverAnswered,
      [submitRoute('csat')]: submitted('csat', 'https://review.example/nimbus'),
    });
    await offered('csat', '');
    const dialog = await screen.findByRole('dialog', { name: 'How happy are you with Nimbus Cloud?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    expect(within(dialog).getByRole('textbox', { name: 'What went wrong?' })).toBeInTheDocument();
    // A better rating takes the question back.
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    const invitation = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(screen.getByText(thanks)).toBeInTheDocument();
    expect(invitation).toHaveTextContent('We are glad you are happy with Nimbus Cloud.');
    const review = within(invitation).getByRole('link', { name: 'Write a review' });
    expect(review).toHaveAttribute('href', 'https://review.example/nimbus');
    expect(review).toHaveAttribute('target', '_blank');
    expect(review).toHaveAttribute('rel', 'noopener noreferrer');
    expect(api.calls('POST', '/api/surveys/2/submit')[0]?.body).toEqual({
      reference: '',
      choices: [{ id: 205, reason: null }],
    });
    fireEvent.click(within(invitation).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('No survey pending')).toBeInTheDocument();
  });

  it('minimizes to a floating button on Later, Close or Escape, which reopens it with the answer kept', async () => {
    const api = mockApi({ [lastSubmissionRoute('csat')]: neverAnswered });
    await offered('csat', '');
    let dialog = await screen.findByRole('dialog', { name: 'How happy are you with Nimbus Cloud?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));

    for (const close of [
      () => fireEvent.click(within(dialog).getByRole('button', { name: 'Later' })),
      () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      () => fireEvent.keyDown(dialog, { key: 'Escape' }),
    ]) {
      close();
      const reopen = await screen.findByRole('button', { name: 'Answer the survey' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The keyboard goes on from the button that stands in for the dialog.
      await waitFor(() => expect(reopen).toHaveFocus());
      fireEvent.click(reopen);
      dialog = await screen.findByRole('dialog', { name: 'How happy are you with Nimbus Cloud?' });
      expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
      expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    }

    // The floating button can be dismissed: the survey is gone, unanswered.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss the survey' }));
    expect(screen.queryByRole('button', { name: 'Answer the survey' })).not.toBeInTheDocument();
    expect(screen.getByText('No survey pending')).toBeInTheDocument();
    expect(api.calls('POST', '/api/surveys/2/submit')).toHaveLength(0);
  });

  it('lists the reasons to tick, asking a few words for “Something else”', async () => {
    const api = mockApi({
      [lastSubmissionRoute('delete-instance')]: neverAnswered,
      [submitRoute('delete-instance')]: submitted('delete-instance'),
    });
    await offered('delete-instance', '9');
    const dialog = await screen.findByRole('dialog', { name: 'Why did you delete your server?' });
    const reasons = within(dialog).getByRole('group', { name: 'Your reasons' });
    expect(
      within(reasons)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'I no longer need it',
      'It is too expensive',
      'Performance was not good enough',
      'A feature I need is missing',
      'I am moving to another provider',
      'Something else',
    ]);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'It is too expensive' }));
    expect(send).toBeEnabled();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Something else' }));
    const more = within(dialog).getByRole('textbox', { name: 'Tell us more' });
    expect(more).toBeRequired();
    expect(send).toBeDisabled();
    fireEvent.change(more, { target: { value: 'Only needed it for a test' } });
    fireEvent.click(send);

    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(api.calls('POST', '/api/surveys/1/submit')[0]?.body).toEqual({
      reference: '9',
      choices: [
        { id: 102, reason: null },
        { id: 106, reason: 'Only needed it for a test' },
      ],
    });
  });

  it('says why a survey was refused, and stays open to try again', async () => {
    mockApi({
      [lastSubmissionRoute('delete-instance')]: neverAnswered,
      [submitRoute('delete-instance')]: fail(400, 'INVALID_SURVEY_ANSWER', {}, 'Choose one rating.'),
    });
    await offered('delete-instance', '9');
    const dialog = await screen.findByRole('dialog', { name: 'Why did you delete your server?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I no longer need it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose one rating.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'I no longer need it' })).toBeChecked();
    expect(screen.queryByText(thanks)).not.toBeInTheDocument();
  });

  it('takes a survey answered meanwhile (in another tab) as done: thanks, no error', async () => {
    mockApi({
      [lastSubmissionRoute('delete-instance')]: neverAnswered,
      [submitRoute('delete-instance')]: fail(409, 'SURVEY_ALREADY_SUBMITTED'),
    });
    await offered('delete-instance', '9');
    const dialog = await screen.findByRole('dialog', { name: 'Why did you delete your server?' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I no longer need it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('detail of SURVEY_ALREADY_SUBMITTED')).not.toBeInTheDocument();
    expect(screen.getByText('No survey pending')).toBeInTheDocument();
  });

  it('is not offered again once answered', async () => {
    mockApi({ [lastSubmissionRoute('ticket-satisfaction')]: answeredBefore('ticket-satisfaction', '7') });
    await offered('ticket-satisfaction', '7');
    await waitFor(() => expect(screen.getByText('No survey pending')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('shows nothing when the check fails, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ [lastSubmissionRoute('ticket-satisfaction')]: fail(500, 'INTERNAL_ERROR') });
    await offered('ticket-satisfaction', '7');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByText('No survey pending')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('detail of INTERNAL_ERROR')).not.toBeInTheDocument();
  });
});
