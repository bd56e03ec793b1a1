import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Box, Pagination, Paper, useMediaQuery, useTheme } from '@mui/material';
import { SSH_KEYS_PAGE_SIZE, type SshKey } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { sshKeysQuery } from '../queries';
import { SshKeyCards } from './SshKeyCards';
import { SshKeyTable } from './SshKeyTable';

interface Props {
  /** 1-based; past the end shows the last page. */
  page: number;
  onPage: (page: number) => void;
  onDelete: (key: SshKey) => void;
  /** The "Add SSH key" button of the empty state. */
  addButton: ReactNode;
}

/** The customer's keys, 10 a page (platform.md §9): a table on large screens, cards below. */
export function SshKeyList({ page, onPage, onDelete, addButton }: Props) {
  const { t } = useTranslation('sshKeys');
  const theme = useTheme();
  // Six columns with a 61-character preview need the room of a large screen beside the sidebar.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const list = useQuery(sshKeysQuery);

  if (list.isPending)
    return (
      <Panel>
        <LoadingState label={t('list.loading')} />
      </Panel>
    );
  if (list.isError) {
    return (
      <Panel>
        <ErrorState onRetry={() => list.refetch()} message={t('list.error')} />
      </Panel>
    );
  }
  if (list.data.length === 0) {
    return (
      <Panel>
        <EmptyState
          icon={<KeyIcon />}
          title={t('list.emptyTitle')}
          message={t('list.emptyMessage')}
          action={addButton}
        />
      </Panel>
    );
  }

  const pages = Math.ceil(list.data.length / SSH_KEYS_PAGE_SIZE);
  const shown = Math.min(Math.max(page, 1), pages);
  const sshKeys = list.data.slice((shown - 1) * SSH_KEYS_PAGE_SIZE, shown * SSH_KEYS_PAGE_SIZE);
  return (
    <>
      {wide ? (
        <Panel>
          <SshKeyTable sshKeys={sshKeys} onDelete={onDelete} />
        </Panel>
      ) : (
        <SshKeyCards sshKeys={sshKeys} onDelete={onDelete} />
      )}
      {pages > 1 && (
        <Box
          component="nav"
          aria-label={t('list.pagination.label')}
          sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
        >
          <Pagination
            count={pages}
            page={shown}
            onChange={(_event, next) => onPage(next)}
            color="primary"
            siblingCount={wide ? 1 : 0}
            getItemAriaLabel={(type, item, selected) =>
              type === 'page'
                ? t(selected ? 'list.pagination.current' : 'list.pagination.page', { page: item })
                : t(`list.pagination.${type}`)
            }
          />
        </Box>
      )}
    </>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {children}
    </Paper>
  );
}
