import {
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BACKUP_RESTORE_WORD, type BackupFile } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/states/EmptyState';
import { useToast } from '../../components/toast/ToastProvider';
import { useFormatDate } from '../../lib/dates';
import { serverDetail } from '../instance-detail/action-errors';
import { useDeleteBackupMutation, useRestoreBackupMutation } from './queries';

const statusColor = { taking: 'info', active: 'success', failed: 'error', restoring: 'warning' } as const;

/**
 * An instance's backups, newest first: when, how big, status, and Restore (the word typed exactly) or
 * Delete. While one is restoring, every action waits (instances.md §4).
 */
export function BackupFilesList({
  instanceId,
  files,
  locked,
}: {
  instanceId: number;
  files: BackupFile[];
  locked: boolean;
}) {
  const { t } = useTranslation('instanceTabs');
  const toast = useToast();
  const formatDate = useFormatDate();
  const restore = useRestoreBackupMutation(instanceId);
  const remove = useDeleteBackupMutation(instanceId);
  const [restoring, setRestoring] = useState<BackupFile | null>(null);
  const [deleting, setDeleting] = useState<BackupFile | null>(null);
  const busy = locked || files.some((f) => f.status === 'restoring');
  const size = (mb: number) => t('backups.files.size', { value: (mb / 1024).toFixed(2) });

  if (files.length === 0) return <EmptyState title={t('backups.files.empty')} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('backups.files.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('backups.files.createdAt')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('backups.files.sizeColumn')}
            </TableCell>
            <TableCell>{t('backups.files.status')}</TableCell>
            <TableCell align="right">{t('backups.files.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.id}>
              <TableCell>{formatDate(file.createdAt, 'dateTime')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{size(file.size)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={statusColor[file.status]}
                  label={t(`backups.files.statuses.${file.status}`)}
                />
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    disabled={busy || file.status !== 'active'}
                    onClick={() => setRestoring(file)}
                  >
                    {t('backups.files.restore')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy || file.status === 'taking'}
                    onClick={() => setDeleting(file)}
                  >
                    {t('backups.files.delete')}
                  </Button>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={restoring !== null}
        title={t('backups.restore.title')}
        message={t('backups.restore.message', {
          date: restoring ? formatDate(restoring.createdAt, 'dateTime') : '',
        })}
        confirmLabel={t('backups.files.restore')}
        destructive
        confirmPhrase={BACKUP_RESTORE_WORD}
        exactPhrase
        phraseLabel={t('backups.restore.typeWord', { word: BACKUP_RESTORE_WORD })}
        loading={restore.isPending}
        onClose={() => setRestoring(null)}
        onConfirm={() =>
          restoring &&
          runMutation(
            restore,
            { id: restoring.id, confirm: BACKUP_RESTORE_WORD },
            {
              onSuccess: () => {
                setRestoring(null);
                toast.success(t('backups.restore.started'));
              },
              onError: (error) => {
                setRestoring(null);
                toast.error(serverDetail(error, t('backups.restore.failed')));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('backups.delete.title')}
        message={t('backups.delete.message')}
        confirmLabel={t('backups.files.delete')}
        destructive
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          runMutation(remove, deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('backups.delete.done'));
            },
            onError: (error) => {
              setDeleting(null);
              toast.error(serverDetail(error, t('common:errors.tryAgain')));
            },
          })
        }
      />
      <Typography variant="caption" color="text.secondary">
        {t('backups.files.note')}
      </Typography>
    </Box>
  );
}
