import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instance, instanceList } from '../../instances/instances.test-helpers';
import {
  attachment,
  created,
  fail,
  file,
  followup,
  held,
  mockApi,
  ok,
  renderSupport,
  ticket,
} from '../support.test-helpers';

const instances = {
  'GET /api/instances': ok(instanceList([instance(2), instance(3, { hostname: 'db-3' })])),
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const pick = (...files: File[]) =>
  fireEvent.change(screen.getByLabelText('Attach files'), { target: { files } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));

async function openForm(url = '/support/new-ticket') {
  const rendered = await renderSupport(url);
  await screen.findByRole('option', { name: 'db-3' });
  return rendered;
}

describe('a new ticket', () => {
  it('checks the subject and the message before sending anything', async () => {
    const api = mockApi(instances);
    await openForm();
    send();
    expect(await screen.findByText('The subject must be at least 4 characters long.')).toBeInTheDocument();
    expect(screen.getByText('The message must be at least 15 characters long.')).toBeInTheDocument();
    type('Subject', 'Help');
    type('Message', 'Please charge my card 4111 1111 1111 1111 again.');
    send();
    expect(
      await screen.findByText(
        'Never send a payment card number in a ticket. Remove it; we never need it to help you.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The subject must be at least 4 characters long.')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/tickets')).toHaveLength(0);
  });

  it('sends the ticket about the preselected instance with its files, then opens it', async () => {
    const upload = held<ReturnType<typeof created>>();
    const api = mockApi({
      ...instances,
      'POST /api/media': () => upload.promise,
      'POST /api/tickets': created(ticket(51, { title: 'Disk full' })),
      'GET /api/tickets/51': ok(ticket(51, { title: 'Disk full' })),
      'GET /api/followups': ok({ followups: [followup(1, { ticketId: 51 })] }),
    });
    const { router } = await openForm('/support/new-ticket?instanceId=3');
    expect(screen.getByRole('combobox', { name: 'Instance' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('support');
    fireEvent.change(screen.getByRole('combobox', { name: 'Department' }), { target: { value: 'sales' } });
    type('Subject', '  Disk full ');
    type('Message', 'My disk is full since this morning.\nWhat can I do?');
    const notes = file('notes.txt');
    pick(notes);

    // While the file uploads, sending waits and says why.
    expect(await screen.findByRole('progressbar', { name: 'Uploading notes.txt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send ticket' })).toBeDisabled();
    expect(screen.getByText('Wait for the uploads to finish.')).toBeInTheDocument();
    const sent = api.calls('POST', '/api/media')[0]!;
    expect(sent.body).toBe(notes);
    expect(Object.fromEntries(sent.query)).toEqual({ group: 'ticket', name: 'notes.txt' });

    upload.release(created(attachment(90, { fileName: 'notes.txt' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send ticket' })).toBeEnabled());
    expect(screen.queryByText('Wait for the uploads to finish.')).not.toBeInTheDocument();
    send();

    expect(await screen.findByText('Ticket #51 was sent. We will answer here.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/51'));
    expect(api.calls('POST', '/api/tickets')[0]!.body).toEqual({
      title: 'Disk full',
      department: 'sales',
      message: 'My disk is full since this morning.\nWhat can I do?',
      relatedServiceId: 3,
      attachmentIds: [90],
      kind: 'ticket',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Disk full' })).toBeInTheDocument();
  });

  it('refuses files the browser can tell are wrong, shows the server’s reason, and removes files', async () => {
    const api = mockApi({
      ...instances,
      'POST /api/media': (request) =>
        request.query.get('name') === 'photo.png'
          ? fail(415, 'ATTACHMENT_TYPE_NOT_ALLOWED', {}, 'The file is not a PNG image.')
          : created(attachment(91, { fileName: 'log.txt' })),
      'POST /api/tickets': created(ticket(52)),
      'GET /api/tickets/52': ok(ticket(52)),
      'GET /api/followups': ok({ followups: [] }),
    });
    await openForm();
    pick(
      file('setup.exe', 'application/octet-stream'),
      new File([new Uint8Array(2_000_001)], 'big.jpg', { type: 'image/jpeg' }),
      file('photo.png', 'image/png'),
      file('log.txt'),
    );
    expect(
      await screen.findByText('Not attached: only TXT, JPG and PNG files can be attached.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not attached: the file is larger than 2 MB.')).toBeInTheDocument();
    expect(await screen.findByText('Not attached: The file is not a PNG image.')).toBeInTheDocument();
    // Only what the browser let through was sent.
    expect(api.calls('POST', '/api/media').map((r) => r.query.get('name'))).toEqual(['photo.png', 'log.txt']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove setup.exe' }));
    expect(screen.queryByText('setup.exe')).not.toBeInTheDocument();
    const files = screen.getByRole('list', { name: 'Attached files' });
    await waitFor(() => expect(within(files).getAllByRole('listitem')).toHaveLength(3));

    type('Subject', 'Logs attached');
    type('Message', 'Here are the logs you asked for.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send ticket' })).toBeEnabled());
    send();
    await waitFor(() => expect(api.calls('POST', '/api/tickets')).toHaveLength(1));
    expect(api.calls('POST', '/api/tickets')[0]!.body).toMatchObject({ attachmentIds: [91] });
  });

  it('shows refused content in the server’s words and validation issues on their fields', async () => {
    let answer = fail(400, 'FORBIDDEN_CONTENT', {}, 'Messages cannot contain the word “crypto-doubler”.');
    mockApi({ ...instances, 'POST /api/tickets': () => answer });
    await openForm();
    type('Subject', 'Offer');
    type('Message', 'Try the crypto-doubler service please.');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Messages cannot contain the word “crypto-doubler”.',
    );

    answer = fail(400, 'VALIDATION_ERROR', {
      issues: [{ path: 'title', message: 'validation.ticket.subjectMax' }],
    });
    send();
    expect(await screen.findByText('The subject must be at most 120 characters long.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the KYC ticket: explained, subject and department set, documents in their own group', async () => {
    const api = mockApi({
      ...instances,
      'POST /api/media': created(attachment(92, { fileName: 'passport.jpg', contentType: 'image/jpeg' })),
      'POST /api/tickets': created(ticket(53, { kind: 'kyc', title: 'KYC verification' })),
      'GET /api/tickets/53': ok(ticket(53, { kind: 'kyc', title: 'KYC verification' })),
      'GET /api/followups': ok({ followups: [] }),
    });
    await openForm('/support/new-ticket?kyc=true');
    expect(screen.getByRole('heading', { level: 1, name: 'KYC verification' })).toBeInTheDocument();
    expect(screen.getByText(/Attach clear photos or scans of an identity document/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('KYC verification');
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('other');
    pick(file('passport.jpg', 'image/jpeg'));
    type('Message', 'My passport for the crypto payments.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send ticket' })).toBeEnabled());
    await screen.findByText('passport.jpg');
    send();
    await waitFor(() => expect(api.calls('POST', '/api/tickets')).toHaveLength(1));
    expect(api.calls('POST', '/api/media')[0]!.query.get('group')).toBe('kyc');
    expect(api.calls('POST', '/api/tickets')[0]!.body).toMatchObject({
      kind: 'kyc',
      department: 'other',
      title: 'KYC verification',
      attachmentIds: [92],
    });
  });
});
