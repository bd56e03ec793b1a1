import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { formatMoney, gpuModels, type Product, toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { isOutOfStock } from '../plan-rules';

/** Monthly price of a plan as sold in the region: base price plus the region's offset. */
export function planMonthly(product: Product) {
  return product.priceItems.reduce((sum, item) => sum + toMicros(item.monthlyPriceWithoutDiscount), 0);
}

interface PlanCardProps {
  product: Product;
  selected: boolean;
  sign: string;
  onSelect: () => void;
}

/** One plan of the list, a radio; out-of-stock plans are shown but cannot be chosen. */
export function PlanCard({ product, selected, sign, onSelect }: PlanCardProps) {
  const { t } = useTranslation('instanceCreation');
  const spec = product.plan.specification;
  const soldOut = isOutOfStock(product);
  return (
    <Card
      variant="outlined"
      sx={{
        borderColor: selected ? 'primary.main' : undefined,
        borderWidth: selected ? 2 : 1,
        opacity: soldOut ? 0.6 : 1,
      }}
    >
      <CardActionArea
        role="radio"
        aria-checked={selected}
        aria-disabled={soldOut}
        disabled={soldOut}
        onClick={onSelect}
        sx={{ p: 1.5, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
          {soldOut && <Chip size="small" color="warning" label={t('plan.outOfStock')} />}
        </Box>
        <Typography variant="h3" component="p" sx={{ my: 0.5 }}>
          {t('plan.perMonth', { price: formatMoney(planMonthly(product), { sign }) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('plan.spec', {
            cpu: spec.cpu,
            ram: spec.ram / 1024,
            storage: spec.storage,
            transfer: spec.bandwidthInTB,
          })}
        </Typography>
        {product.plan.gpuName && (
          <Typography variant="body2">
            {t('plan.gpu', { count: product.plan.gpuQuantity, name: gpuModels[product.plan.gpuName] })}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
}
