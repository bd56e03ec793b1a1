import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { InvoiceItem } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { useMoney } from '../../../lib/money';
import { useSmallScreen } from '../use-small-screen';
import { useInvoiceItemText } from './invoice-items-text';

const amountCell = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** What a line bills: names and specs come from the provider's data, so each keeps its own direction. */
function Description({ item }: { item: InvoiceItem }) {
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}>
        <bdi>{item.description}</bdi>
      </Typography>
      {item.subDescription && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          <bdi>{item.subDescription}</bdi>
        </Typography>
      )}
    </>
  );
}

/**
 * The lines of an invoice: a table on medium and larger screens, cards on small ones. `print` keeps
 * the table at every width, for paper.
 */
export function InvoiceItems({ items, print = false }: { items: InvoiceItem[]; print?: boolean }) {
  const { t } = useTranslation('billing');
  const { money } = useMoney();
  const text = useInvoiceItemText();
  const small = useSmallScreen() && !print;

  if (items.length === 0) {
    return <Typography color="text.secondary">{t('invoice.noItems')}</Typography>;
  }
  if (small) {
    return (
      <Box
        component="ul"
        aria-label={t('invoice.items')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {items.map((item) => (
          <Card component="li" variant="outlined" key={item.id}>
            <CardContent>
              <Description item={item} />
              <DetailList
                stacked
                items={[
                  { label: t('invoice.columns.reason'), value: text.reason(item) },
                  { label: t('invoice.columns.usage'), value: text.usage(item) },
                  { label: t('invoice.columns.period'), value: text.period(item) },
                  {
                    label: t('invoice.columns.subtotal'),
                    value: <Box sx={{ ...amountCell, fontWeight: 600 }}>{money(item.subtotal)}</Box>,
                  },
                ]}
              />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size={print ? 'small' : 'medium'} aria-label={t('invoice.items')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('invoice.columns.description')}</TableCell>
            <TableCell>{t('invoice.columns.reason')}</TableCell>
            <TableCell>{t('invoice.columns.usage')}</TableCell>
            <TableCell>{t('invoice.columns.period')}</TableCell>
            <TableCell align="right">{t('invoice.columns.subtotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <Description item={item} />
              </TableCell>
              <TableCell>{text.reason(item)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.usage(item)}</TableCell>
              <TableCell>{text.period(item)}</TableCell>
              <TableCell align="right" sx={amountCell}>
                {money(item.subtotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
