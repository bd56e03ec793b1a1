import { Alert, Box, Button, Collapse, Stack, Typography } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { VerifyEmailCodeForm } from '../../auth/VerifyEmailCodeForm';
import { EmailStatusChip } from '../components/AccountStateChip';
import { UserInfoGate } from '../components/UserInfoGate';
import { accountKeys } from '../queries';
import { ChangeEmailForm } from './ChangeEmailForm';
import { PendingEmailChange } from './PendingEmailChange';

/** `verify` opens the verification form at once (the dashboard's "verify your email" link). */
export function EmailTab({ verify = false }: { verify?: boolean }) {
  return (
    <UserInfoGate>
      {(user) => (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <CurrentEmail user={user} openVerification={verify} />
          {user.unverifiedEmail ? (
            <PendingEmailChange pendingEmail={user.unverifiedEmail.email} />
          ) : (
            <ChangeEmailForm />
          )}
        </Box>
      )}
    </UserInfoGate>
  );
}

function CurrentEmail({ user, openVerification }: { user: UserInfo; openVerification: boolean }) {
  const { t } = useTranslation('account');
  const verified = user.email.isVerified;
  return (
    <SectionCard title={t('email.currentTitle')}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="bdi" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {user.email.email}
        </Typography>
        <EmailStatusChip verified={verified} />
      </Stack>
      {!verified &&
        (user.isSuspended ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('email.suspendedCannotVerify')}
          </Alert>
        ) : (
          <VerifyMainEmail open={openVerification} />
        ))}
    </SectionCard>
  );
}

/** The unverified main address: the auth area's code form, opened on request or by `?verify=true`. */
function VerifyMainEmail({ open: initiallyOpen }: { open: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(initiallyOpen);
  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (initiallyOpen) {
      setOpen(true);
      section.current?.scrollIntoView({ block: 'center' });
    }
  }, [initiallyOpen]);
  return (
    <Box ref={section} sx={{ mt: 2 }}>
      <Alert severity="warning">
        {t('email.unverifiedBody')}
        {!open && (
          <Box sx={{ mt: 1 }}>
            <Button color="inherit" variant="outlined" size="small" onClick={() => setOpen(true)}>
              {t('email.verifyNow')}
            </Button>
          </Box>
        )}
      </Alert>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ pt: 2, maxWidth: 520 }}>
          <VerifyEmailCodeForm
            autoFocus
            onVerified={() => queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() })}
          />
        </Box>
      </Collapse>
    </Box>
  );
}
