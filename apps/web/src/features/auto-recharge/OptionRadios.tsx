import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
} from 'react-hook-form';

interface Props<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label: string;
  options: { value: FieldPathValue<T, N>; label: string }[];
}

/** One of the offered auto-recharge values (gateway, amount, threshold) as labelled radios of a form. */
export function OptionRadios<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  options,
}: Props<T, N>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl>
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={String(field.value)}
            onChange={(_e, value) => {
              // Radio values are strings; the form keeps the option's own value (a gateway id is a number).
              field.onChange(options.find((o) => String(o.value) === value)?.value);
            }}
          >
            {options.map((option) => (
              <FormControlLabel
                key={String(option.value)}
                value={String(option.value)}
                control={<Radio />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
