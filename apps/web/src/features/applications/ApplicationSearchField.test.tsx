import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishTexts } from '../../test/render';
import { ApplicationSearchField, SEARCH_DEBOUNCE_MS } from './ApplicationSearchField';

describe('the application search box', () => {
  beforeAll(() => englishTexts());
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const box = () => screen.getByRole('searchbox', { name: 'Search applications' });
  const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

  it('searches once typing has paused for 300 ms, with the whole word', () => {
    const onSearch = vi.fn();
    render(<ApplicationSearchField value={undefined} onSearch={onSearch} />);
    type('d');
    act(() => vi.advanceTimersByTime(200));
    type('do');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('do');
  });

  it('searches at once on Enter, trims, and searches no more when emptied', () => {
    const onSearch = vi.fn();
    render(<ApplicationSearchField value="docker" onSearch={onSearch} />);
    expect(box()).toHaveValue('docker');
    type('  vpn ');
    fireEvent.submit(box());
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('vpn');
    // The pending search is not sent a second time.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
    type('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
  });

  it('takes a name set from elsewhere and drops a search still waiting', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<ApplicationSearchField value="word" onSearch={onSearch} />);
    type('wordp');
    rerender(<ApplicationSearchField value={undefined} onSearch={onSearch} />);
    expect(box()).toHaveValue('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
