import {
  Checkbox,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  tableCellClasses,
} from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { InstanceRow } from './InstanceRow';
import { isSelectable } from './selection';

interface InstanceTableProps {
  label: string;
  instances: readonly Instance[];
  /** Fewer columns on small screens (platform.md §2: a compact table). */
  compact: boolean;
  /** Absent where nothing is selected, e.g. on the dashboard. */
  selection?: {
    selected: ReadonlySet<number>;
    onToggle: (id: number) => void;
    onToggleAll: (ids: number[], select: boolean) => void;
  };
}

/** Instances as a table: every column on wide screens, hostname and state on phones. */
export function InstanceTable({ label, instances, compact, selection }: InstanceTableProps) {
  const { t } = useTranslation('instances');
  const selectableIds = instances.filter(isSelectable).map((instance) => instance.id);
  const selectedCount = selection ? selectableIds.filter((id) => selection.selected.has(id)).length : 0;
  const all = selectableIds.length > 0 && selectedCount === selectableIds.length;
  const columns = compact
    ? [t('columns.hostname'), t('columns.status')]
    : [
        t('columns.hostname'),
        t('columns.status'),
        t('columns.ip'),
        t('columns.region'),
        t('columns.os'),
        t('columns.specs'),
      ];
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table
          aria-label={label}
          size={compact ? 'small' : 'medium'}
          // Phones: narrower cell padding, so that a preorder's unbroken countdown and its longer status
          // chip (in Arabic) both fit in 375 px.
          sx={
            compact
              ? { [`& .${tableCellClasses.root}:not(.${tableCellClasses.paddingCheckbox})`]: { px: 1 } }
              : undefined
          }
        >
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={selectedCount > 0 && !all}
                    disabled={selectableIds.length === 0}
                    onChange={() => selection.onToggleAll(selectableIds, !all)}
                    slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {instances.map((instance) => (
              <InstanceRow
                key={`${instance.isPreorder ? 'p' : 'i'}${instance.id}`}
                instance={instance}
                compact={compact}
                selection={
                  selection && {
                    selected: selection.selected.has(instance.id),
                    onToggle: selection.onToggle,
                  }
                }
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
