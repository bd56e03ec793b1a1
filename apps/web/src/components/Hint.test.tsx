import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Hint } from './Hint';

describe('Hint', () => {
  it('names its element before its tooltip code has loaded', () => {
    render(
      <Hint title="Delete key">
        <button type="button">x</button>
      </Hint>,
    );
    expect(screen.getByRole('button', { name: 'Delete key' })).toBeInTheDocument();
  });

  it('shows on hover without replacing the element, so a click that began before it loaded still lands', async () => {
    const onClick = vi.fn();
    render(
      <Hint title="Download the PDF">
        <button type="button" onClick={onClick}>
          PDF
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Download the PDF' });
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download the PDF');
    expect(screen.getByRole('button', { name: 'Download the PDF' })).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('describes an element that has its own name, and drops the native title while it shows', async () => {
    render(
      <Hint title="Add credit" describeChild>
        <a href="/payments">$10.00</a>
      </Hint>,
    );
    const link = screen.getByRole('link', { name: '$10.00' });
    expect(link).toHaveAttribute('title', 'Add credit');
    fireEvent.mouseEnter(link);
    await screen.findByRole('tooltip');
    expect(link).not.toHaveAttribute('title');
    expect(link).toHaveAccessibleDescription('Add credit');
  });

  it('stays shown while held, as "Copied" after a copy, whatever the pointer does', async () => {
    const { rerender } = render(
      <Hint title="Copied" open>
        <button type="button">copy</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Copied' });
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copied');
    fireEvent.mouseLeave(button);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    rerender(
      <Hint title="Copy" open={false}>
        <button type="button">copy</button>
      </Hint>,
    );
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});
