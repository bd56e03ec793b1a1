import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { MachineSize, Micros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { AMOUNT, priceText } from '../../instance-creation/price-text';

/** The instance's size now and after the resize, with the new hourly price (and its month). */
export function ResizeSummary({
  current,
  next,
  hourly,
  monthly,
}: {
  current: MachineSize;
  next: MachineSize | null;
  hourly: Micros | null;
  monthly: Micros | null;
}) {
  const { t } = useTranslation('instanceTabs');
  const { moneyOfMicros } = useMoney();
  const rows = [
    { label: t('resize.summary.cpu'), of: (m: MachineSize) => t('resize.summary.cores', { count: m.vcpu }) },
    {
      label: t('resize.summary.ram'),
      of: (m: MachineSize) => t('resize.summary.gb', { value: m.ramMb / 1024 }),
    },
    { label: t('resize.summary.disk'), of: (m: MachineSize) => t('resize.summary.gb', { value: m.diskGb }) },
    {
      label: t('resize.summary.transfer'),
      of: (m: MachineSize) => t('resize.summary.tb', { value: m.bandwidthTb }),
    },
  ];
  return (
    <Box>
      <Table size="small" aria-label={t('resize.summary.title')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{t('resize.summary.now')}</TableCell>
            <TableCell>{t('resize.summary.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell>{row.of(current)}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{next ? row.of(next) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {hourly !== null && monthly !== null && (
        <Typography sx={{ mt: 2 }}>
          {priceText(t('resize.hourlyPrice', { price: AMOUNT }), moneyOfMicros(hourly, 4))}{' '}
          <Typography component="span" color="text.secondary">
            {priceText(t('resize.monthlyPrice', { price: AMOUNT }), moneyOfMicros(monthly))}
          </Typography>
        </Typography>
      )}
    </Box>
  );
}
