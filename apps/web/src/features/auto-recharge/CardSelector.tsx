import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { Card } from '@nimbus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { useToast } from '../../components/toast/ToastProvider';
import { useAutoRechargeErrorToast } from './error-toast';
import { useCardsQuery, useChangeDefaultCardMutation } from './queries';

/** "04/2027", or nothing when the gateway did not say. */
export function cardExpiry(card: Pick<Card, 'expMonth' | 'expYear'>): string | null {
  if (card.expYear === null) return null;
  return card.expMonth === null
    ? String(card.expYear)
    : `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** The cards saved at a gateway; the chosen one becomes the card automatic top-ups charge. */
export function CardSelector({ gatewayId, billingId }: { gatewayId: number; billingId: number | undefined }) {
  const { t } = useTranslation('payments');
  const cards = useCardsQuery(gatewayId);
  if (cards.isPending) {
    return (
      <Stack spacing={1} role="status" aria-busy="true" aria-label={t('cards.loading')}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }
  if (cards.isError) return <ErrorState onRetry={() => cards.refetch()} message={t('cards.loadError')} />;
  if (cards.data.length === 0) {
    return <EmptyState icon={<CreditCardIcon />} title={t('cards.empty')} message={t('cards.emptyHint')} />;
  }
  return <CardChoice cards={cards.data} gatewayId={gatewayId} billingId={billingId} />;
}

function CardChoice({
  cards,
  gatewayId,
  billingId,
}: {
  cards: Card[];
  gatewayId: number;
  billingId?: number;
}) {
  const { t } = useTranslation('payments');
  const labelId = useId();
  const toast = useToast();
  const errorToast = useAutoRechargeErrorToast();
  const change = useChangeDefaultCardMutation(billingId, gatewayId);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = cards.find((c) => c.isDefault)?.id ?? null;
  const canUpdate = chosen !== null && chosen !== current;

  const update = async () => {
    if (!canUpdate) return;
    try {
      await change.mutateAsync(chosen);
      toast.success(t('cards.changed'));
      setChosen(null);
    } catch (error) {
      errorToast(error);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography id={labelId} color="text.secondary">
        {t('cards.choose')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        name={`default-card-${gatewayId}`}
        value={chosen === null ? '' : String(chosen)}
        onChange={(_e, value) => setChosen(Number(value))}
      >
        {cards.map((card) => (
          <FormControlLabel
            key={card.id}
            value={String(card.id)}
            control={<Radio />}
            label={<CardLabel card={card} />}
          />
        ))}
      </RadioGroup>
      <Box>
        <Button variant="contained" onClick={update} disabled={!canUpdate} loading={change.isPending}>
          {t('cards.update')}
        </Button>
      </Box>
    </Box>
  );
}

export function CardLabel({
  card,
}: {
  card: Pick<Card, 'brand' | 'last4' | 'expMonth' | 'expYear'> & { isDefault?: boolean };
}) {
  const { t } = useTranslation('payments');
  const expiry = cardExpiry(card);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <span>{t('cards.number', { brand: t(`cards.brands.${card.brand}`), last4: card.last4 })}</span>
      {expiry && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('cards.expires', { date: expiry })}
        </Typography>
      )}
      {card.isDefault && <Chip size="small" label={t('cards.default')} />}
    </Box>
  );
}
