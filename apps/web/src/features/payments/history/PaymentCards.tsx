import { Box, Button, Card, CardActions, CardContent, Collapse, Stack, Typography } from '@mui/material';
import type { Payment } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { PaymentDetails } from './PaymentDetails';
import { PaymentStatusChip } from './PaymentStatusChip';
import { useGatewayName } from './payment-display';
import { ReceiptButton } from './ReceiptButton';
import { useDetailsToggle } from './use-details-toggle';

/** Payments on small screens: one card each, details folded away. */
export function PaymentCards({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('payments');
  return (
    <Stack
      component="ul"
      spacing={1.5}
      aria-label={t('history.title')}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {payments.map((payment) => (
        <Box component="li" key={payment.id}>
          <PaymentCard payment={payment} />
        </Box>
      ))}
    </Stack>
  );
}

function PaymentCard({ payment }: { payment: Payment }) {
  const { money } = useMoney();
  const { t } = useTranslation('payments');
  const formatDate = useFormatDate();
  const gatewayName = useGatewayName();
  const { open, detailsId, toggle } = useDetailsToggle(payment.id);
  return (
    <Card variant="outlined">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {t('history.paymentNumber', { id: payment.id })}
          </Typography>
          <PaymentStatusChip payment={payment} />
        </Box>
        <DetailList
          items={[
            { label: t('history.columns.date'), value: formatDate(payment.createdAt, 'dateTime') },
            { label: t('history.columns.gateway'), value: gatewayName(payment.paymentGateway) },
            { label: t('history.columns.amount'), value: money(payment.credit) },
            { label: t('history.columns.fee'), value: money(payment.fee) },
          ]}
        />
        <Collapse in={open} unmountOnExit>
          <Box id={detailsId} sx={{ mt: 1 }}>
            <PaymentDetails payment={payment} />
          </Box>
        </Collapse>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 1.5, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button size="small" {...toggle}>
          {t(open ? 'history.less' : 'history.more')}
        </Button>
        <ReceiptButton payment={payment} />
      </CardActions>
    </Card>
  );
}
