import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { englishTexts } from '../../test/render';
import { Hostname } from './Hostname';
import { PreorderCountdown } from './PreorderCountdown';
import { StatusChip } from './StatusChip';

beforeAll(englishTexts);

const renderText = (node: ReactNode) => render(<I18nextProvider i18n={i18next}>{node}</I18nextProvider>);

describe('StatusChip', () => {
  it.each([
    ['active', 'On', 'MuiChip-colorSuccess'],
    ['shutdown', 'Off', 'MuiChip-colorError'],
    ['suspended', 'Suspended', 'MuiChip-colorWarning'],
    ['rescue', 'Rescue', 'MuiChip-colorInfo'],
    ['allocating-gpu', 'Allocating GPU', 'MuiChip-colorDefault'],
    ['preparing_disk', 'Initializing', 'MuiChip-colorDefault'],
    ['loading_backup', 'Pending', 'MuiChip-colorWarning'],
    ['something-new', 'Loading', 'MuiChip-colorDefault'],
  ])('shows %s as “%s” in the spec’s colour', (status, label, colour) => {
    renderText(<StatusChip status={status} />);
    const chip = screen.getByText(label).closest('.MuiChip-root');
    expect(chip).toHaveClass(colour);
  });

  it('spins only while the instance is changing, not for a GPU preorder waiting days', () => {
    const spins = (status: string) => {
      const { container, unmount } = renderText(<StatusChip status={status} />);
      const spinning = container.querySelector('.MuiCircularProgress-root') !== null;
      unmount();
      return spinning;
    };
    expect(spins('spawning_qemu')).toBe(true);
    expect(spins('taking_snapshot')).toBe(true);
    expect(spins('active')).toBe(false);
    expect(spins('rescue')).toBe(false);
    expect(spins('allocating-gpu')).toBe(false);
  });

  it('warns when the network is suspended', () => {
    renderText(<StatusChip status="active" networkStatus="suspended" />);
    expect(
      screen.getByRole('img', { name: 'The network of this service is suspended.' }),
    ).toBeInTheDocument();
  });

  it('does not warn for an active network', () => {
    renderText(<StatusChip status="active" networkStatus="active" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('Hostname', () => {
  it('keeps 22 characters and cuts longer names to 19 plus an ellipsis', () => {
    renderText(
      <>
        <Hostname hostname={'a'.repeat(22)} />
        <Hostname hostname={'b'.repeat(23)} />
      </>,
    );
    expect(screen.getByText('a'.repeat(22))).toBeInTheDocument();
    expect(screen.getByText(`${'b'.repeat(19)}…`)).toBeInTheDocument();
  });
});

describe('PreorderCountdown', () => {
  it('shows days, hours and minutes left, then Due', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const { unmount } = renderText(<PreorderCountdown dueDate="2026-01-03T05:07:30Z" />);
    expect(screen.getByText('2d 5h 7m left')).toBeInTheDocument();
    unmount();
    renderText(<PreorderCountdown dueDate="2025-12-31T00:00:00Z" />);
    expect(screen.getByText('Due')).toBeInTheDocument();
    vi.useRealTimers();
  });
});
