import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Collapse,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { Payment } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { PaymentDetails } from './PaymentDetails';
import { PaymentStatusChip } from './PaymentStatusChip';
import { useGatewayName } from './payment-display';
import { ReceiptButton } from './ReceiptButton';
import { useDetailsToggle } from './use-details-toggle';

const COLUMNS = 8;

/** Payments on medium and larger screens; a row opens to its details. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('payments');
  return (
    <TableContainer>
      <Table size="small" aria-label={t('history.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <VisuallyHidden>{t('history.columns.details')}</VisuallyHidden>
            </TableCell>
            <TableCell>{t('history.columns.id')}</TableCell>
            <TableCell>{t('history.columns.date')}</TableCell>
            <TableCell>{t('history.columns.gateway')}</TableCell>
            <TableCell align="right">{t('history.columns.amount')}</TableCell>
            <TableCell align="right">{t('history.columns.fee')}</TableCell>
            <TableCell>{t('history.columns.status')}</TableCell>
            <TableCell>
              <VisuallyHidden>{t('history.columns.receipt')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const { money } = useMoney();
  const formatDate = useFormatDate();
  const gatewayName = useGatewayName();
  const { open, detailsId, toggle } = useDetailsToggle(payment.id);
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton size="small" {...toggle}>
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>{payment.id}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <time dateTime={payment.createdAt}>{formatDate(payment.createdAt, 'dateTime')}</time>
        </TableCell>
        <TableCell>{gatewayName(payment.paymentGateway)}</TableCell>
        <TableCell align="right">{money(payment.credit)}</TableCell>
        <TableCell align="right">{money(payment.fee)}</TableCell>
        <TableCell>
          <PaymentStatusChip payment={payment} />
        </TableCell>
        <TableCell align="right">
          <ReceiptButton payment={payment} compact />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box id={detailsId} sx={{ py: 2, px: 1 }}>
              <PaymentDetails payment={payment} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
