import { Checkbox, FormControl, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { useFieldErrorText } from '../../../components/form/field-error';

interface AcceptTermsFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** "I accept the Terms of Service and the Acceptable Use Policy", both the provider's own pages. */
export function AcceptTermsField<T extends FieldValues>({ control, name }: AcceptTermsFieldProps<T>) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const { data: branding } = useQuery(brandingQuery);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ control, name });
  const helperId = `${name}-helper-text`;
  const link = (href: string | undefined) => <Link href={href} target="_blank" rel="noopener noreferrer" />;
  return (
    <FormControl error={Boolean(error)} required>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(value)}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            slotProps={{
              input: { ref, ...(error ? { 'aria-describedby': helperId } : {}) },
            }}
          />
        }
        label={
          <Trans
            t={t}
            i18nKey="signUp.acceptTerms"
            components={{ terms: link(branding?.termsUrl), aup: link(branding?.aupUrl) }}
          />
        }
      />
      {error ? (
        // Lined up under the label's words rather than under the box.
        <FormHelperText id={helperId} sx={{ mt: 0, marginInlineStart: 4 }}>
          {errorText(error.message)}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
