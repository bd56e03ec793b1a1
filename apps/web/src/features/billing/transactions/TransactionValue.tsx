import { Box } from '@mui/material';
import { toMicros } from '@nimbus/contract';
import { useMoney } from '../../../lib/money';

/** A credit movement: credit received in green with a plus, charges in the default colour with a minus. */
export function TransactionValue({ value }: { value: string }) {
  const { signedMoney } = useMoney();
  const credit = toMicros(value) > 0;
  return (
    <Box
      component="span"
      sx={{
        color: credit ? 'success.main' : 'text.primary',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {signedMoney(value)}
    </Box>
  );
}
