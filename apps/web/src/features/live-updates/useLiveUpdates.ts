import { EVENT_STREAM_OFF, type EventTicket } from '@nimbus/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api } from '../../api/client';
import { startLiveConnection } from './live-connection';
import { allTopicRoots, topicRoots } from './topic-keys';

const refetchRoots = (
  queryClient: QueryClient,
  roots: Iterable<readonly unknown[]>,
  loadedBefore?: number,
) => {
  for (const queryKey of roots) {
    void queryClient.invalidateQueries({
      queryKey,
      predicate:
        loadedBefore === undefined
          ? undefined
          : (query) => query.state.dataUpdatedAt < loadedBefore || query.state.fetchStatus === 'fetching',
    });
  }
};

/**
 * Follows the server's events while signed in: each change refetches exactly the queries its topics
 * name, and polling stops while the stream is live (see `unlessLive`).
 */
export function useLiveUpdates(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    return startLiveConnection({
      requestTicket: async () => {
        try {
          return (await api<EventTicket>('/events/ticket', { method: 'POST' })).ticket;
        } catch (error) {
          if (error instanceof ApiError && error.code === EVENT_STREAM_OFF) return null;
          throw error;
        }
      },
      openStream: (url) => new EventSource(url),
      onTopics: (topics) => {
        const roots = new Set(topics.flatMap((topic) => topicRoots[topic]));
        refetchRoots(queryClient, roots);
      },
      onOpen: (readyAt) => refetchRoots(queryClient, allTopicRoots, readyAt),
      onLost: () => refetchRoots(queryClient, allTopicRoots),
      document,
    });
  }, [signedIn, queryClient]);
}
