import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { SshKey } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { useFormatDate } from '../../../lib/dates';
import { Fingerprint, KeyActions, KeyPreview, KeyType } from './key-parts';

interface Props {
  sshKeys: SshKey[];
  onDelete: (key: SshKey) => void;
}

/** One page of keys on small screens: a card each, nothing wider than the phone. */
export function SshKeyCards({ sshKeys, onDelete }: Props) {
  const { t } = useTranslation('sshKeys');
  const formatDate = useFormatDate();
  return (
    <Stack component="ul" spacing={1.5} aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sshKeys.map((sshKey) => (
        <Box component="li" key={sshKey.id} sx={{ minWidth: 0 }}>
          <Card variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
                <Typography
                  component="h2"
                  sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', pt: 0.5 }}
                >
                  {sshKey.name}
                </Typography>
                <KeyActions sshKey={sshKey} onDelete={onDelete} />
              </Box>
              <DetailList
                stacked
                items={[
                  { label: t('list.columns.key'), value: <KeyPreview sshKey={sshKey} /> },
                  { label: t('list.columns.type'), value: <KeyType sshKey={sshKey} /> },
                  { label: t('list.columns.fingerprint'), value: <Fingerprint sshKey={sshKey} /> },
                  {
                    label: t('list.columns.added'),
                    value: <time dateTime={sshKey.createdAt}>{formatDate(sshKey.createdAt)}</time>,
                  },
                ]}
              />
            </CardContent>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}
