import { TextField } from '@mui/material';
import { type CreateTicket, INSTANCE_LIST_MAX_LIMIT } from '@nimbus/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { instanceListQuery } from '../../instances/queries';

/**
 * The instance the ticket is about, if any: the customer's instances by hostname (GPU preorders are no
 * instance yet). A preselected instance missing from the first hundred is still offered, by its number.
 */
export function RelatedInstanceField({ control }: { control: Control<CreateTicket> }) {
  const { t } = useTranslation('support');
  const errorText = useFieldErrorText();
  // The instance list's own query, without its polling: a form only needs the names.
  const list = useInfiniteQuery({
    ...instanceListQuery({}, INSTANCE_LIST_MAX_LIMIT),
    refetchInterval: false,
  });
  const instances = (list.data?.pages[0]?.instances ?? []).filter((instance) => !instance.isPreorder);
  const hint = list.isPending
    ? t('fields.instancesLoading')
    : list.isError
      ? t('fields.instancesError')
      : t('fields.instanceHint');

  return (
    <Controller
      control={control}
      name="relatedServiceId"
      render={({ field: { ref, value, onChange, ...field }, fieldState }) => {
        const missing = typeof value === 'number' && !instances.some((instance) => instance.id === value);
        return (
          <TextField
            {...field}
            inputRef={ref}
            select
            fullWidth
            label={t('fields.instance')}
            value={value == null ? '' : String(value)}
            onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message) ?? hint}
            // A native select shows its empty choice as text: the label must stay above it.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('fields.noInstance')}</option>
            {missing && <option value={String(value)}>{t('fields.instanceNumber', { id: value })}</option>}
            {instances.map((instance) => (
              <option key={instance.id} value={String(instance.id)}>
                {instance.hostname}
              </option>
            ))}
          </TextField>
        );
      }}
    />
  );
}
