import {
  FormControl,
  FormHelperText,
  type FormHelperTextProps,
  type InputBaseComponentProps,
  InputLabel,
  type InputLabelProps,
  OutlinedInput,
  type OutlinedInputProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type ReactNode, type Ref, useId } from 'react';

export interface TextInputProps
  extends Pick<
    OutlinedInputProps,
    | 'autoComplete'
    | 'autoFocus'
    | 'disabled'
    | 'required'
    | 'type'
    | 'placeholder'
    | 'name'
    | 'value'
    | 'onChange'
    | 'onBlur'
    | 'multiline'
    | 'rows'
    | 'minRows'
    | 'maxRows'
    | 'size'
  > {
  id?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  /** Styles of the whole field (its FormControl), as TextField's `sx`. */
  sx?: SxProps<Theme>;
  slotProps?: {
    /** Attributes of the <input> (or <textarea>) itself. */
    htmlInput?: InputBaseComponentProps;
    /** Props of the outlined box, e.g. its adornments. */
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * MUI's outlined TextField, assembled from the same parts as TextField assembles them (label, outlined
 * input with its notch, helper text, the ids that tie them together), without TextField itself: TextField
 * imports MUI's Select and its menu (some 12 KB gzip) for its `select` mode, which forms other than a
 * choice never use. A choice is MUI's TextField with `select`.
 */
export function TextInput({
  id: idOverride,
  label,
  helperText,
  error,
  fullWidth,
  margin,
  required,
  disabled,
  size,
  inputRef,
  sx,
  slotProps = {},
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  return (
    <FormControl
      error={error}
      fullWidth={fullWidth}
      margin={margin}
      required={required}
      disabled={disabled}
      size={size}
      sx={sx}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={labelId} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        aria-describedby={helperTextId}
        inputProps={slotProps.htmlInput}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
