import { Box, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { gpuModels, type Product, toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { isOutOfStock } from '../plan-rules';
import { AMOUNT, priceText } from '../price-text';

/** Monthly price of a plan as sold in the region: base price plus the region's offset. */
function planMonthly(product: Product) {
  return product.priceItems.reduce((sum, item) => sum + toMicros(item.monthlyPriceWithoutDiscount), 0);
}

interface PlanCardProps {
  product: Product;
  selected: boolean;
  onSelect: () => void;
  /** The instance's own plan on resize: marked, and choosable even when sold out (instances.md §2). */
  current?: boolean;
}

/**
 * One plan of the list, a radio; out-of-stock plans are shown but cannot be chosen. The specification is
 * one figure per line, each kept whole ("50 GB storage"), so a narrow card never splits a figure from its
 * unit nor starts a line with a separator.
 */
export function PlanCard({ product, selected, onSelect, current = false }: PlanCardProps) {
  const { moneyOfMicros } = useMoney();
  const { t } = useTranslation('instanceCreation');
  const spec = product.plan.specification;
  const soldOut = isOutOfStock(product) && !current;
  const figures = [
    t('plan.specs.cpu', { value: spec.cpu }),
    t('plan.specs.ram', { value: spec.ram / 1024 }),
    t('plan.specs.storage', { value: spec.storage }),
    t('plan.specs.transfer', { value: spec.bandwidthInTB }),
  ];
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
        sx={{
          p: 1.5,
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>
          <bdi>{product.name}</bdi>
        </Typography>
        <Typography variant="h3" component="p" sx={{ my: 0.5 }}>
          {priceText(t('plan.perMonth', { price: AMOUNT }), moneyOfMicros(planMonthly(product)))}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {figures.map((figure) => (
            <Typography
              key={figure}
              component="li"
              variant="body2"
              color="text.secondary"
              title={figure}
              sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {figure}
            </Typography>
          ))}
          {product.plan.gpuName && (
            <Typography component="li" variant="body2">
              <bdi>
                {t('plan.gpu', { count: product.plan.gpuQuantity, name: gpuModels[product.plan.gpuName] })}
              </bdi>
            </Typography>
          )}
        </Box>
        {/* Below the figures rather than beside the name: the name keeps its line and the titles of a
            row stay aligned. */}
        {soldOut && (
          <Chip
            size="small"
            color="warning"
            label={t('plan.outOfStock')}
            sx={{ mt: 1, alignSelf: 'flex-start' }}
          />
        )}
        {current && (
          <Chip size="small" color="info" label={t('plan.current')} sx={{ mt: 1, alignSelf: 'flex-start' }} />
        )}
      </CardActionArea>
    </Card>
  );
}
