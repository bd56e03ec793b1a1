import { Box } from '@mui/material';

/** Monospace text that keeps its left-to-right order in right-to-left pages and wraps on small screens. */
export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <Box
      component="pre"
      dir="ltr"
      aria-label={label}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
        fontFamily: 'monospace',
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        // 'start' of its own ltr direction; the RTL style plugin would flip 'left'.
        textAlign: 'start',
      }}
    >
      {children}
    </Box>
  );
}
