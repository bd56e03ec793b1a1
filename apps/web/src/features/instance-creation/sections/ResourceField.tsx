import { useEffect, useState } from 'react';
import { TextInput } from '../../../components/form/TextInput';
import { clampToStep } from '../plan-rules';

interface ResourceFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  helperText?: string;
}

/** A number input that cannot pass its bounds: what is typed is snapped to the step grid on blur. */
export function ResourceField({ label, value, min, max, step, onChange, helperText }: ResourceFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const next = clampToStep(Number(text), min, max, step);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <TextInput
      label={label}
      type="number"
      size="small"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        // Arrow keys and spinner clicks give a value on the grid: take it at once.
        const n = Number(e.target.value);
        if (e.target.value !== '' && n >= min && n <= max && (n - min) % step === 0) onChange(n);
      }}
      onBlur={commit}
      helperText={helperText}
      slotProps={{ htmlInput: { min, max, step, inputMode: 'numeric' } }}
      fullWidth
    />
  );
}
