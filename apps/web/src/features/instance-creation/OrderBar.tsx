import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useOrderQuote, useOrderTotal } from './use-order-quote';

interface OrderBarProps {
  label: string;
  disabled: boolean;
  onOrder: () => void;
}

/**
 * Small screens only: the summary and its button come after every section, thousands of pixels down, so
 * the total and the order button also ride along the bottom of the screen. Sticky at the end of the form
 * rather than fixed: it takes its own room in the flow, so the end of the page is never hidden under it.
 */
export function OrderBar({ label, disabled, onOrder }: OrderBarProps) {
  const { t } = useTranslation('instanceCreation');
  const { quote, preorder } = useOrderQuote();
  const total = useOrderTotal(quote, preorder);
  return (
    <Paper
      component="section"
      aria-label={t('summary.bar')}
      elevation={8}
      square
      sx={{
        position: 'sticky',
        insetBlockEnd: 0,
        zIndex: 'appBar',
        mx: { xs: -2, sm: -3 },
        mt: 2,
        px: 2,
        pt: 1.5,
        pb: 'max(12px, env(safe-area-inset-bottom))',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {total ? (
          <>
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              {total.label}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {total.hourly ?? total.amount}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('summary.choosePlan')}
          </Typography>
        )}
      </Box>
      <Button variant="contained" onClick={onOrder} disabled={disabled} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
    </Paper>
  );
}
