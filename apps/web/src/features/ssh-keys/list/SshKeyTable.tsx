import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { SshKey } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useFormatDate } from '../../../lib/dates';
import { Fingerprint, KeyActions, KeyPreview, KeyType } from './key-parts';

interface Props {
  sshKeys: SshKey[];
  onDelete: (key: SshKey) => void;
}

/** One page of keys on large screens. */
export function SshKeyTable({ sshKeys, onDelete }: Props) {
  const { t } = useTranslation('sshKeys');
  const formatDate = useFormatDate();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('list.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.name')}</TableCell>
            <TableCell>{t('list.columns.key')}</TableCell>
            <TableCell>{t('list.columns.type')}</TableCell>
            <TableCell>{t('list.columns.fingerprint')}</TableCell>
            <TableCell>{t('list.columns.added')}</TableCell>
            <TableCell align="right">
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sshKeys.map((sshKey) => (
            <TableRow key={sshKey.id} hover>
              {/* Breaking anywhere let the table squeeze the name to a few letters a line at 1366 px;
                  words now stay whole and only a name longer than the cell breaks. */}
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'break-word', minWidth: 180, maxWidth: 280 }}>
                {sshKey.name}
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <KeyPreview sshKey={sshKey} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <KeyType sshKey={sshKey} />
              </TableCell>
              <TableCell>
                <Fingerprint sshKey={sshKey} short />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={sshKey.createdAt}>{formatDate(sshKey.createdAt)}</time>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <KeyActions sshKey={sshKey} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
