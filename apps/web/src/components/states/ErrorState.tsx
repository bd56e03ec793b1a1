import type { ReactNode } from 'react';
import { InfrastructureError } from '../InfrastructureError';

interface ErrorStateProps {
  /** Usually `refetch` of the failed query. */
  onRetry: () => void;
  title?: ReactNode;
  message?: ReactNode;
}

/** A list or card whose data failed to load: the infrastructure error, sized for a panel, with retry. */
export function ErrorState({ onRetry, title, message }: ErrorStateProps) {
  return <InfrastructureError variant="panel" onRetry={onRetry} title={title} message={message} />;
}
