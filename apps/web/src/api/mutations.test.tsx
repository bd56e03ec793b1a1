import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { runMutation } from './mutations';

function started() {
  let answer: (value: string) => void = () => {};
  let refuse: (error: Error) => void = () => {};
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useMutation({
        mutationFn: (_: number) =>
          new Promise<string>((resolve, reject) => {
            answer = resolve;
            refuse = reject;
          }),
      }),
    { wrapper },
  );
  return { hook, answer: (v: string) => answer(v), refuse: (e: Error) => refuse(e) };
}

describe('runMutation', () => {
  it('tells the outcome after the component that started it has unmounted', async () => {
    const { hook, answer } = started();
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    runMutation(hook.result.current, 7, { onSuccess, onSettled });
    await vi.waitFor(() => expect(hook.result.current.isPending).toBe(true));
    hook.unmount();
    answer('done');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('done', 7));
    expect(onSettled).toHaveBeenCalledWith('done', null, 7);
  });

  it('tells a failure, which is not left unhandled', async () => {
    const { hook, refuse } = started();
    const onError = vi.fn();
    const onSettled = vi.fn();
    runMutation(hook.result.current, 1, { onError, onSettled });
    await vi.waitFor(() => expect(hook.result.current.isPending).toBe(true));
    const failure = new Error('refused');
    refuse(failure);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(failure, 1));
    expect(onSettled).toHaveBeenCalledWith(undefined, failure, 1);
  });
});
