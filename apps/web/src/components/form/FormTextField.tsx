import {
  type Control,
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useFieldErrorText } from './field-error';
import { TextInput, type TextInputProps } from './TextInput';

type Props<T extends FieldValues> = Omit<
  TextInputProps,
  'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Checks of a form without a schema resolver; their messages are i18n keys too. */
  rules?: ControllerProps<T>['rules'];
};

/** A text field bound to react-hook-form; its error message is an i18n key (`validation.*`, `account:errors.*`). */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  rules,
  helperText,
  ...props
}: Props<T>) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextInput
          {...props}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error?.message) ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
