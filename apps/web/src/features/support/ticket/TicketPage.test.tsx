import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_POLL_MS, liveStatus } from '../../live-updates/live-status';
import {
  answeredBefore,
  lastSubmissionRoute,
  neverAnswered,
  submitRoute,
  submitted,
} from '../../surveys/surveys.test-helpers';
import {
  attachment,
  created,
  fail,
  fileAnswer,
  followup,
  mockApi,
  ok,
  renderSupport,
  type SeenRequest,
  ticket,
} from '../support.test-helpers';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  liveStatus.set('off');
});

const thread = [
  followup(11, { message: 'My server <b>does not</b> boot.\nSince the update.' }),
  followup(12, {
    author: 'staff',
    authorName: 'Grace Hopper',
    message: 'We restarted the host. Please try again.',
    attachments: [attachment(5, { fileName: 'host-log.txt', size: 12_300 })],
    createdAt: '2026-01-10T11:00:00.000Z',
  }),
];

const conversation = () => screen.findByRole('list', { name: 'Conversation' });
/** The value of one of the ticket's facts (number, department, status…). */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
/** The messages, not the lists of files inside them. */
const messages = async () => Array.from((await conversation()).children) as HTMLElement[];

describe('a ticket', () => {
  it('shows what it is about and the conversation, staff replies apart, messages as plain text', async () => {
    mockApi({
      'GET /api/tickets/7': ok(
        ticket(7, {
          title: 'Server does not boot',
          status: 'pending_infra',
          relatedServiceId: 3,
          relatedServiceHostname: 'db-3',
        }),
      ),
      'GET /api/followups': ok({ followups: thread }),
    });
    await renderSupport('/support/7');
    expect(screen.getByRole('heading', { level: 1, name: 'Server does not boot' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Support#7');
    expect(fact('Ticket')).toHaveTextContent('#7');
    expect(fact('Department')).toHaveTextContent('Support');
    expect(within(fact('Status')).getByText('Pending')).toHaveClass('MuiChip-label');
    expect(within(fact('Instance')).getByRole('link', { name: 'db-3' })).toHaveAttribute(
      'href',
      '/instances/3/access',
    );

    const [mine, staff] = await messages();
    expect(within(mine!).getByRole('heading', { name: 'You' })).toBeInTheDocument();
    // Text, never HTML: the tags show as typed, the line break is kept.
    const text = within(mine!).getByText(/My server <b>does not<\/b> boot\./);
    expect(text.textContent).toBe('My server <b>does not</b> boot.\nSince the update.');
    expect(mine!.querySelector('b')).toBeNull();
    expect(within(mine!).queryByRole('group', { name: 'Was this reply helpful?' })).not.toBeInTheDocument();

    expect(within(staff!).getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(within(staff!).getByText('Support team')).toBeInTheDocument();
    expect(within(staff!).getByText('January 10, 2026 at 11:00 AM')).toHaveAttribute(
      'datetime',
      '2026-01-10T11:00:00.000Z',
    );
    expect(within(staff!).getByRole('button', { name: 'Download host-log.txt (12 kB)' })).toBeInTheDocument();
    expect(within(staff!).getByRole('group', { name: 'Was this reply helpful?' })).toBeInTheDocument();
  });

  it('downloads an attachment through the client and saves it under its name', async () => {
    const saved: { href: string; download: string }[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:nimbus/1';
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7)),
      'GET /api/followups': ok({ followups: thread }),
      'GET /api/media/5': fileAnswer('boot log', 'text/plain'),
    });
    await renderSupport('/support/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Download host-log.txt (12 kB)' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:nimbus/1', download: 'host-log.txt' }]));
    expect(api.calls('GET', '/api/media/5')).toHaveLength(1);
  });

  it('sends a reply, clears the form and shows the reply in the thread', async () => {
    let followups = thread;
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7, { status: 'answered' })),
      'GET /api/followups': () => ok({ followups }),
      'POST /api/followups': (request: SeenRequest) => {
        const reply = followup(13, { message: (request.body as { message: string }).message });
        followups = [...thread, reply];
        return created(reply);
      },
    });
    await renderSupport('/support/7');
    const reply = await screen.findByRole('textbox', { name: 'Your reply' });
    fireEvent.change(reply, { target: { value: 'It boots again, thank you!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Your reply was sent.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/followups')[0]!.body).toEqual({
      ticketId: 7,
      message: 'It boots again, thank you!',
      attachmentIds: [],
    });
    await waitFor(async () => expect(await messages()).toHaveLength(3));
    expect(reply).toHaveValue('');
    // The ticket's status may have moved: it is asked for again.
    expect(api.calls('GET', '/api/tickets/7').length).toBeGreaterThan(1);
  });

  it('rates a staff reply with the thumbs, and a second press takes the rating back', async () => {
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7, { status: 'answered' })),
      'GET /api/followups': ok({ followups: thread }),
      'PATCH /api/followups/12': (request: SeenRequest) =>
        ok({ ...thread[1], isLiked: (request.body as { isLiked: boolean | null }).isLiked }),
    });
    await renderSupport('/support/7');
    const staff = (await messages())[1]!;
    const helpful = within(staff).getByRole('button', { name: 'Helpful' });
    const notHelpful = within(staff).getByRole('button', { name: 'Not helpful' });
    expect(helpful).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(helpful);
    await waitFor(() => expect(helpful).toHaveAttribute('aria-pressed', 'true'));
    expect(notHelpful).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(helpful);
    await waitFor(() => expect(helpful).toHaveAttribute('aria-pressed', 'false'));
    expect(api.calls('PATCH', '/api/followups/12').map((r) => r.body)).toEqual([
      { isLiked: true },
      { isLiked: null },
    ]);
  });

  it('marks the ticket resolved after confirming, and says a reply opens it again', async () => {
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7, { status: 'answered' })),
      'GET /api/followups': ok({ followups: thread }),
      'PUT /api/tickets/7': ok(ticket(7, { status: 'resolved' })),
      [lastSubmissionRoute('ticket-satisfaction')]: answeredBefore('ticket-satisfaction', '7'),
    });
    await renderSupport('/support/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as resolved' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this ticket as resolved?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as resolved' }));

    expect(await screen.findByText('The ticket is marked as resolved.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/tickets/7')[0]!.body).toEqual({ status: 'resolved' });
    expect(
      await screen.findByText(/This ticket is resolved\. If you need more help, reply below/),
    ).toBeInTheDocument();
    expect(screen.getByText('Resolved')).toHaveClass('MuiChip-label');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark as resolved' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toBeInTheDocument();
  });

  it('asks how happy the customer is with the help once resolved, about this ticket', async () => {
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7, { status: 'answered' })),
      'GET /api/followups': ok({ followups: thread }),
      'PUT /api/tickets/7': ok(ticket(7, { status: 'resolved' })),
      [lastSubmissionRoute('ticket-satisfaction')]: neverAnswered,
      [submitRoute('ticket-satisfaction')]: submitted('ticket-satisfaction'),
    });
    await renderSupport('/support/7');
    // Not before the customer says the question is answered.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/surveys/3/last-submission')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as resolved' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark this ticket as resolved?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark as resolved' }));

    const survey = await screen.findByRole('dialog', { name: 'How happy are you with the help you got?' });
    expect(api.calls('GET', '/api/surveys/3/last-submission')[0]?.query.get('reference')).toBe('7');
    fireEvent.click(within(survey).getByRole('radio', { name: '4 stars' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/surveys/3/submit')[0]?.body).toEqual({
      reference: '7',
      choices: [{ id: 304, reason: null }],
    });
  });

  it('does not ask again about a ticket rated before', async () => {
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7, { status: 'answered' })),
      'GET /api/followups': ok({ followups: thread }),
      'PUT /api/tickets/7': ok(ticket(7, { status: 'resolved' })),
      [lastSubmissionRoute('ticket-satisfaction')]: answeredBefore('ticket-satisfaction', '7'),
    });
    await renderSupport('/support/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as resolved' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark this ticket as resolved?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark as resolved' }));
    expect(await screen.findByText('The ticket is marked as resolved.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/surveys/3/last-submission')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Answer the survey' })).not.toBeInTheDocument();
  });

  it('takes no reply once closed and leads to a new ticket about the same instance', async () => {
    mockApi({
      'GET /api/tickets/7': ok(
        ticket(7, { status: 'closed', relatedServiceId: 3, relatedServiceHostname: 'db-3' }),
      ),
      'GET /api/followups': ok({ followups: thread }),
    });
    await renderSupport('/support/7');
    expect(await screen.findByText(/This ticket is closed and takes no more replies/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open a new ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket?instanceId=3',
    );
    expect(await messages()).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as resolved' })).not.toBeInTheDocument();
  });

  it('says so when staff closed the ticket meanwhile, and shows it closed', async () => {
    let status: 'answered' | 'closed' = 'answered';
    mockApi({
      'GET /api/tickets/7': () => ok(ticket(7, { status })),
      'GET /api/followups': ok({ followups: thread }),
      'POST /api/followups': () => {
        status = 'closed';
        return fail(409, 'TICKET_CLOSED', {}, 'This ticket is closed. Open a new one.');
      },
    });
    await renderSupport('/support/7');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your reply' }), {
      target: { value: 'One more question about it.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This ticket is closed. Open a new one.')).toBeInTheDocument();
    expect(await screen.findByText(/This ticket is closed and takes no more replies/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
  });

  it('shows a staff reply and the new status by itself while the event stream is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    liveStatus.set('down');
    let answered = false;
    mockApi({
      'GET /api/tickets/7': () => ok(ticket(7, { status: answered ? 'answered' : 'open' })),
      'GET /api/followups': () => ok({ followups: answered ? thread : thread.slice(0, 1) }),
    });
    await renderSupport('/support/7');
    expect(await messages()).toHaveLength(1);
    expect(within(fact('Status')).getByText('Open')).toBeInTheDocument();

    answered = true;
    await vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS);
    expect(await screen.findByText('We restarted the host. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(fact('Status')).getByText('Answered')).toBeInTheDocument());
  });

  it('checks a reply before sending it', async () => {
    const api = mockApi({
      'GET /api/tickets/7': ok(ticket(7)),
      'GET /api/followups': ok({ followups: thread }),
    });
    await renderSupport('/support/7');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your reply' }), {
      target: { value: 'Thanks' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('The message must be at least 15 characters long.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/followups')).toHaveLength(0);
  });

  it("sends another customer's ticket, or none, to the not-found page", async () => {
    mockApi({ 'GET /api/tickets/8': fail(404, 'NOT_FOUND'), 'GET /api/followups': ok({ followups: [] }) });
    await renderSupport('/support/8');
    expect(await screen.findByRole('heading', { name: 'Not found page' })).toBeInTheDocument();
  });
});
