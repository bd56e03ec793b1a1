import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, type IconButtonProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from './Hint';

/** How long "Copied" shows after a copy (spec: copy feedback 2 s). */
export const COPIED_FEEDBACK_MS = 2000;

interface CopyButtonProps {
  value: string;
  /** What is copied, for screen readers, e.g. "Copy IP address". Defaults to "Copy". */
  label?: string;
  size?: IconButtonProps['size'];
  onCopied?: () => void;
}

/** Copies a value to the clipboard and says "Copied" for two seconds. */
export function CopyButton({ value, label, size = 'small', onCopied }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch (error) {
      // Spec: copy failures are only logged.
      console.error('Copy to clipboard failed', error);
      return;
    }
    setCopied(true);
    onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };

  const text = copied ? t('actions.copied') : (label ?? t('actions.copy'));
  return (
    <Hint title={text} open={copied}>
      <IconButton aria-label={text} size={size} onClick={copy} color={copied ? 'success' : 'default'}>
        {copied ? <CheckIcon fontSize="inherit" /> : <ContentCopyIcon fontSize="inherit" />}
      </IconButton>
    </Hint>
  );
}
