import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { gpuModels, type Preorder } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { useFormatDate } from '../../../lib/dates';
import { productsQuery } from '../../instance-creation/queries';
import { PreorderCountdown } from '../PreorderCountdown';
import { type CreationResults, readCreationResults } from './creation-results';

/**
 * The plan and its GPU by the model's product name, as the creation screen words it ("GPU RTX 4090 ·
 * 1 × NVIDIA GeForce RTX 4090"); the server's description until the region's plans are known.
 */
function PreorderPlan({ preorder }: { preorder: Preorder }) {
  const { t } = useTranslation('instances');
  const products = useQuery(productsQuery({ regionId: preorder.regionId }));
  const product = products.data?.find((p) => p.id === preorder.metadata.productId);
  if (!product) return <>{preorder.description}</>;
  const { gpuName, gpuQuantity } = product.plan;
  return (
    <>
      <bdi>{product.name}</bdi>
      {gpuName && (
        <>
          {' · '}
          <Ltr>{t('preorder.gpu', { count: gpuQuantity, name: gpuModels[gpuName] })}</Ltr>
        </>
      )}
    </>
  );
}

/** /preorder/pending: the GPU request confirmed screen (instances.md §2, §3). */
export function PreorderPendingPage() {
  const { t } = useTranslation('instances');
  const formatDate = useFormatDate();
  const [held] = useState<CreationResults | null>(readCreationResults);
  if (held?.kind !== 'preorders') return <Navigate to="/createinstance" replace />;

  return (
    <Box sx={{ minWidth: 0, maxWidth: 880 }}>
      <PageHeader
        title={t('preorder.confirmedTitle')}
        actions={
          <ButtonLink to="/services/instanceList" variant="contained">
            {t('pending.toList')}
          </ButtonLink>
        }
      />
      <Alert severity="success" sx={{ mb: 3 }}>
        {t('preorder.explanation', { count: held.preorders.length })}
      </Alert>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {held.preorders.map((preorder) => (
          <Card key={preorder.id} variant="outlined" component="li" aria-label={preorder.metadata.hostname}>
            <CardContent sx={{ display: 'grid', gap: 0.5 }}>
              <Typography variant="h3" component="h2" sx={{ wordBreak: 'break-all' }}>
                {preorder.metadata.hostname}
              </Typography>
              <Typography color="text.secondary">
                <PreorderPlan preorder={preorder} />
              </Typography>
              <Typography>{t('preorder.dueDate', { date: formatDate(preorder.dueDate) })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('preorder.eta')} <PreorderCountdown dueDate={preorder.dueDate} />
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
