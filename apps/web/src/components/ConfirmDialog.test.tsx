import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts } from '../test/render';
import { ConfirmDialog } from './ConfirmDialog';

beforeAll(englishTexts);

describe('ConfirmDialog', () => {
  it('confirms straight away without a phrase', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Restart?"
        message="The server restarts."
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('enables confirm only once the localized phrase is typed (spaces and case ignored)', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete server?"
        confirmPhrase="Delete My Server"
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    const input = await screen.findByLabelText('Type “Delete My Server” to confirm');
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: 'delete my serve' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: 'DELETE MYSERVER' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancels with the Cancel button', () => {
    const onClose = vi.fn();
    render(<ConfirmDialog open title="Sure?" onConfirm={() => {}} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
