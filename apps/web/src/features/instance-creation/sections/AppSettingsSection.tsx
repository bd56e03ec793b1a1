import { Box, MenuItem, TextField } from '@mui/material';
import { ocaDataSchemaFor } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { SectionCard } from '../../../components/SectionCard';
import { useCreation } from '../creation-context';

/** The chosen application's settings form (`ocaData`), checked with the contract's rules as typed. */
export function AppSettingsSection({ showErrors }: { showErrors: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const errorText = useFieldErrorText();
  const { values, apply, catalogue } = useCreation();
  const app = catalogue.application;
  if (!app || app.ocaFields.length === 0) return null;
  const check = ocaDataSchemaFor(app.ocaFields).safeParse(values.ocaData);
  const errors = new Map<string, string>();
  if (!check.success)
    for (const issue of check.error.issues) errors.set(String(issue.path[0]), issue.message);
  return (
    <SectionCard title={t('appSettings.title', { name: app.name })}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {app.ocaFields.map((field) => {
          const error = showErrors ? errors.get(field.name) : undefined;
          return (
            <TextField
              key={field.name}
              label={field.label}
              type={field.type === 'select' ? undefined : field.type}
              select={field.type === 'select'}
              required={field.required}
              size="small"
              value={values.ocaData[field.name] ?? ''}
              onChange={(e) =>
                apply((v) => ({ ...v, ocaData: { ...v.ocaData, [field.name]: e.target.value } }))
              }
              error={Boolean(error)}
              helperText={errorText(error) ?? field.helperText}
              autoComplete={field.type === 'password' ? 'new-password' : 'off'}
            >
              {field.options?.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
    </SectionCard>
  );
}
