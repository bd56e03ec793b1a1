import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Grid } from '@mui/material';
import { authErrorCodes, type UserInfo, updateProfileRequestSchema } from '@nimbus/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DetailList } from '../../../components/DetailList';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { useFormatDate } from '../../../lib/dates';
import { AccountStateChip } from '../components/AccountStateChip';
import { UserInfoGate } from '../components/UserInfoGate';
import { applyServerErrors, useApiErrorToast } from '../form/server-errors';
import { useProfileUpdateMutation } from '../queries';
import { CityField, CountryField, FullnameField, PhoneField, RegionField } from './ProfileFields';
import {
  isProfileUnchanged,
  type ProfileFormValues,
  type ProfileUpdate,
  profileFields,
  profileFormValues,
} from './profile-form';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

export function InformationTab() {
  return <UserInfoGate>{(user) => <Information user={user} />}</UserInfoGate>;
}

function Information({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const formatDate = useFormatDate();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title={t('information.detailsTitle')}>
        <DetailList
          items={[
            { label: t('information.userId'), value: <bdi>{user.id}</bdi> },
            { label: t('information.createdAt'), value: formatDate(user.createdAt) },
            { label: t('information.state'), value: <AccountStateChip state={user.accountState} /> },
          ]}
        />
      </SectionCard>
      <ProfileForm user={user} />
    </Box>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const errorToast = useApiErrorToast();
  const update = useProfileUpdateMutation();
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(updateProfileRequestSchema),
    // Follows the saved profile when it is refetched, without overwriting what is being typed.
    values: profileFormValues(user),
    resetOptions: { keepDirtyValues: true },
  });
  const { control, handleSubmit, reset, setError, formState, getValues } = form;

  const onSubmit = handleSubmit(async (values) => {
    if (isProfileUnchanged(values, user)) {
      toast.info(t('information.nothingChanged'));
      return;
    }
    try {
      await update.mutateAsync(values);
      reset(getValues());
      toast.success(t('information.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === authErrorCodes.nothingChanged) {
        reset(getValues());
        toast.info(t('information.nothingChanged'));
      } else if (!applyServerErrors(error, setError, profileFields)) {
        errorToast(error);
      }
    }
  });

  // The guard's dialog sits outside the <form>: React events bubble through portals, and its own submit must not save.
  return (
    <>
      <SectionCard title={t('information.profileTitle')} onSubmit={onSubmit}>
        <Grid container spacing={2} sx={{ mt: 2 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FullnameField control={control} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PhoneField control={control} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CountryField control={control} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <RegionField control={control} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CityField control={control} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('common:actions.save')}
          </Button>
        </Box>
      </SectionCard>
      <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
    </>
  );
}
