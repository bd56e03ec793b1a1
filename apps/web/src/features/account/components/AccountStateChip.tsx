import { Chip, type ChipProps } from '@mui/material';
import type { AccountState } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

const stateColors: Record<AccountState, ChipProps['color']> = {
  verified: 'success',
  unverified: 'warning',
  under_review: 'info',
  suspended_by_admin: 'error',
  suspended_by_billing: 'error',
  suspended_unusual_activity: 'error',
  closed_by_admin: 'default',
};

export function AccountStateChip({ state }: { state: AccountState }) {
  const { t } = useTranslation('account');
  return <Chip size="small" color={stateColors[state]} label={t(`states.${state}`)} />;
}

export function EmailStatusChip({ verified }: { verified: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={verified ? 'success' : 'warning'}
      label={t(verified ? 'email.verified' : 'email.unverified')}
    />
  );
}
