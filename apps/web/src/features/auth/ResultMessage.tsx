import { CheckCircleOutlined, ErrorOutlineOutlined, WarningAmber } from '@mui/icons-material';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

const icons = {
  success: <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />,
  error: <ErrorOutlineOutlined color="error" sx={{ fontSize: 56 }} />,
  warning: <WarningAmber color="warning" sx={{ fontSize: 56 }} />,
};

interface ResultMessageProps {
  severity: keyof typeof icons;
  title: ReactNode;
  text: ReactNode;
  /** The way on: buttons or links. */
  children?: ReactNode;
}

/** The content of a result screen (verification, password reset) inside the Alert layout's card. */
export function ResultMessage({ severity, title, text, children }: ResultMessageProps) {
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <span aria-hidden="true">{icons[severity]}</span>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary">{text}</Typography>
      {children ? <Stack sx={{ alignSelf: 'stretch' }}>{children}</Stack> : null}
    </Stack>
  );
}
