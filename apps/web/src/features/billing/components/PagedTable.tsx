import {
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ListStatus, type ListTexts } from './ListStatus';
import { Paging } from './Paging';

export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface PagedTableProps {
  label: string;
  columns: { label: string; align?: 'right' }[];
  texts: ListTexts;
  query: ListQueryState & { isPlaceholderData: boolean };
  isEmpty: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  paginationLabel: string;
  emptyAction?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A billing list on medium and larger screens: its states, a table a page at a time, and paging. */
export function PagedTable(props: PagedTableProps) {
  const { query, page, onPage } = props;
  return (
    <ListStatus
      texts={props.texts}
      isPending={query.isPending}
      isError={query.isError}
      isEmpty={props.isEmpty}
      filtered={props.filtered}
      onRetry={() => query.refetch()}
      onClearFilters={props.onClearFilters}
      onFirstPage={page > 1 ? () => onPage(1) : undefined}
      emptyAction={props.emptyAction}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {query.isPlaceholderData && <LinearProgress aria-label={props.texts.loading} />}
        <TableContainer>
          <Table aria-label={props.label}>
            <TableHead>
              <TableRow>
                {props.columns.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{props.children}</TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paging page={page} totalPages={props.totalPages} onPage={onPage} label={props.paginationLabel} />
    </ListStatus>
  );
}
