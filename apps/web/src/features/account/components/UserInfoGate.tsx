import { Skeleton, Stack } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states/ErrorState';
import { useUserInfoQuery } from '../../auth/queries';

/** Renders its children with the signed-in customer's info, with loading and error states meanwhile. */
export function UserInfoGate({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useUserInfoQuery();
  if (userInfo.data) return children(userInfo.data);
  if (userInfo.isError) return <ErrorState onRetry={() => userInfo.refetch()} />;
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}
