import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { SectionCard } from '../../../components/SectionCard';
import { useSmallScreen } from '../../billing/use-small-screen';
import { sshKeyVisibleChars, truncateSshKey } from '../instance-rules';

/** The public keys installed at creation, shortened to their ends; the copy button copies the whole key. */
export function SshKeysCard({ sshKeys }: { sshKeys: string[] }) {
  const { t } = useTranslation('instanceDetail');
  const visible = sshKeyVisibleChars(useSmallScreen());
  return (
    <SectionCard title={t('sshKeys.title')}>
      {sshKeys.length === 0 ? (
        <Typography color="text.secondary">{t('sshKeys.none')}</Typography>
      ) : (
        <List disablePadding aria-label={t('sshKeys.title')}>
          {sshKeys.map((key, index) => (
            <ListItem key={key} divider disableGutters sx={{ gap: 1 }}>
              <Box
                component="code"
                dir="ltr"
                title={key}
                sx={{ flex: 1, minWidth: 0, fontSize: '0.85rem', overflowWrap: 'anywhere' }}
              >
                {truncateSshKey(key, visible)}
              </Box>
              <CopyButton value={key} label={t('sshKeys.copy', { number: index + 1 })} />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
