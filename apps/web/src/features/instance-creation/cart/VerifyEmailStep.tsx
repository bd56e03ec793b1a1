import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { VerifyEmailCodeForm } from '../../auth/VerifyEmailCodeForm';

interface VerifyEmailStepProps {
  user: UserInfo;
  /** Reads the account again (after the link was clicked elsewhere); resolves with it. */
  recheck: () => Promise<UserInfo | undefined>;
  onBack: () => void;
}

/**
 * The cart's wait for a new account's email: orders are refused until it is verified. The customer
 * types the mailed code here or clicks the mailed link; the cart follows the account and moves on as
 * soon as the server says the address is verified (the code form refreshes it, so does coming back to
 * the tab, and so does "I clicked the link").
 */
export function VerifyEmailStep({ user, recheck, onBack }: VerifyEmailStepProps) {
  const { t } = useTranslation('instanceCreation');
  const [checking, setChecking] = useState(false);
  const [notYet, setNotYet] = useState(false);
  const checkLink = async () => {
    setChecking(true);
    setNotYet(false);
    try {
      const latest = await recheck();
      setNotYet(!latest?.email.isVerified);
    } finally {
      setChecking(false);
    }
  };
  return (
    <SectionCard title={t('cart.verify.title')}>
      <Typography color="text.secondary">{t('cart.verify.sent')}</Typography>
      <Typography sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>
        <bdi>{user.email.email}</bdi>
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('cart.verify.code')}</Typography>
      <Box sx={{ maxWidth: 520 }}>
        <VerifyEmailCodeForm autoFocus />
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography sx={{ mb: 1.5 }}>{t('cart.verify.link')}</Typography>
      {notYet && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('cart.verify.notYet')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" loading={checking} onClick={checkLink}>
          {t('cart.verify.checkLink')}
        </Button>
        <Button onClick={onBack}>{t('cart.back')}</Button>
      </Stack>
    </SectionCard>
  );
}
