import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';

export interface ListTexts {
  loading: string;
  error: string;
  empty: string;
  emptyHint: string;
  emptyFiltered: string;
}

interface ListStatusProps {
  texts: ListTexts;
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  /** Filters are in effect: an empty answer says so and offers to clear them. */
  filtered: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  /** Given when a page after the first is shown: an empty one is past the end of the list. */
  onFirstPage?: () => void;
  /** The way forward from an empty, unfiltered list, e.g. "New ticket". */
  emptyAction?: ReactNode;
  /** The rows, when there are any. */
  children: ReactNode;
}

/** A billing list's loading, error and empty states around its rows. */
export function ListStatus({
  texts,
  isPending,
  isError,
  isEmpty,
  filtered,
  onRetry,
  onClearFilters,
  onFirstPage,
  emptyAction,
  children,
}: ListStatusProps) {
  const { t } = useTranslation('billing');
  if (isPending) return <LoadingState label={texts.loading} />;
  if (isError && isEmpty) return <ErrorState onRetry={onRetry} message={texts.error} />;
  if (isEmpty && onFirstPage) {
    return (
      <EmptyState
        title={t('list.pageEmpty')}
        action={
          <Button variant="outlined" onClick={onFirstPage}>
            {t('list.firstPage')}
          </Button>
        }
      />
    );
  }
  if (isEmpty && filtered) {
    return (
      <EmptyState
        icon={<FilterAltOffIcon />}
        title={texts.emptyFiltered}
        action={
          <Button variant="outlined" onClick={onClearFilters}>
            {t('list.clearFilters')}
          </Button>
        }
      />
    );
  }
  if (isEmpty) return <EmptyState title={texts.empty} message={texts.emptyHint} action={emptyAction} />;
  return children;
}

/** What a page hands its table or card view. */
export interface ListViewProps<Filters> {
  filters: Filters;
  filtered: boolean;
  texts: ListTexts;
  onClearFilters: () => void;
  emptyAction?: ReactNode;
}
