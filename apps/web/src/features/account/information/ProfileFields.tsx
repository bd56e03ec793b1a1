import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import type { ProfileFormValues } from './profile-form';

type FieldProps = { control: Control<ProfileFormValues> };

export function FullnameField({ control }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name="fullname"
      label={t('information.fullname')}
      autoComplete="name"
      required
    />
  );
}

export function PhoneField({ control }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name="phone"
      type="tel"
      label={t('information.phone')}
      autoComplete="tel"
      placeholder="+14155550123"
      helperText={t('information.phoneHint')}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
    />
  );
}

export function RegionField({ control }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name="region"
      label={t('information.region')}
      autoComplete="address-level1"
    />
  );
}

export function CityField({ control }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name="city"
      label={t('information.city')}
      autoComplete="address-level2"
    />
  );
}

export function CountryField({ control }: FieldProps) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name="country"
      label={t('information.country')}
      autoComplete="country-name"
    />
  );
}
