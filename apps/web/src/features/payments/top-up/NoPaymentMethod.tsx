import CreditCardOffIcon from '@mui/icons-material/CreditCardOffOutlined';
import { Button, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { EmptyState } from '../../../components/states/EmptyState';

/**
 * No gateway is configured (and the sandbox is off, as on any install reachable from outside): say so
 * plainly and point to the provider, rather than a form that cannot be sent.
 */
export function NoPaymentMethod() {
  const { t } = useTranslation('payments');
  const { data: branding } = useQuery(brandingQuery);
  const email = branding?.supportEmail ?? '';
  return (
    <EmptyState
      icon={<CreditCardOffIcon />}
      title={t('gateway.notConfigured.title')}
      message={
        <Trans
          t={t}
          i18nKey="gateway.notConfigured.text"
          values={{ brand: branding?.name ?? '', email }}
          components={{ mail: <Link href={`mailto:${email}`} sx={{ overflowWrap: 'anywhere' }} /> }}
        />
      }
      action={
        email ? (
          <Button href={`mailto:${email}`} variant="outlined">
            {t('gateway.notConfigured.contact')}
          </Button>
        ) : undefined
      }
    />
  );
}
