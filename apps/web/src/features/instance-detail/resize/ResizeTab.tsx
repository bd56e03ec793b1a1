import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import {
  type Instance,
  type InsufficientBalance,
  instanceQuote,
  resizeErrorCodes,
  usernameForOsFamily,
} from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../../api/catalogue';
import { ApiError } from '../../../api/client';
import { runMutation } from '../../../api/mutations';
import {
  InsufficientBalanceDialog,
  insufficientBalanceOf,
} from '../../../components/InsufficientBalanceDialog';
import { ButtonLink } from '../../../components/links';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { productsQuery, regionsQuery } from '../../instance-creation/queries';
import { NewPasswordDialog } from '../access/NewPasswordDialog';
import { isServerError, serverDetail } from '../action-errors';
import { useResizeMutation } from '../queries';
import { ResizePlanPicker } from './ResizePlanPicker';
import { ResizeSummary } from './ResizeSummary';
import {
  checkTarget,
  clearResizeDraft,
  currentTarget,
  type ResizeTarget,
  resizeBlocked,
  sizeOfInstance,
  storeResizeDraft,
  takeResizeDraft,
} from './resize-target';

/**
 * /instances/{id}/resize (instances.md §4, §5, §8): a fixed plan with add-ons or a custom plan, the size
 * now and after with the new hourly price, the clean-install acknowledgement when the disk would shrink.
 * A 460 opens the balance dialog and keeps the chosen plan for after the top-up.
 */
export function ResizeTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const resize = useResizeMutation(instance.id);
  const appConfig = useQuery(appConfigQuery);
  const regions = useQuery(regionsQuery);
  const plans = useQuery({
    ...productsQuery({ regionId: instance.region.id, osId: instance.osId, action: 'RESIZE' }),
    select: (list) => list.filter((p) => p.plan.type === instance.class),
  });
  const [target, setTarget] = useState<ResizeTarget>(
    () => takeResizeDraft(instance.id) ?? currentTarget(instance),
  );
  const [acknowledged, setAcknowledged] = useState(false);
  const [balance, setBalance] = useState<InsufficientBalance | null>(null);
  const [noRoom, setNoRoom] = useState(false);
  const [password, setPassword] = useState<string | null>(null);

  const product =
    target.mode === 'FIXED' ? (plans.data?.find((p) => p.id === target.productId) ?? null) : null;
  const check = checkTarget(instance, target, product);
  const blocked = resizeBlocked(instance);
  const region = regions.data?.find((r) => r.id === instance.region.id);
  const quote =
    check.size && appConfig.data && region
      ? instanceQuote({
          product,
          region,
          planClass: instance.class,
          extraResource: target.extraResource,
          assignIpv4: instance.mainIp !== null,
          isDdosProtected: instance.isDdosProtected,
          featurePrices: instance.features.map((f) => appConfig.data.featurePrices[String(f.id)] ?? '0'),
          billingCycle: 'hourly',
          appConfig: appConfig.data,
          promoted: false,
        })
      : null;

  const choose = (next: ResizeTarget) => {
    setTarget(next);
    setAcknowledged(false);
    setNoRoom(false);
  };

  const submit = () => {
    if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
    runMutation(
      resize,
      {
        type: target.mode,
        productId: target.mode === 'FIXED' ? target.productId : null,
        regionId: instance.region.id,
        extraResource: target.extraResource,
        acknowledgeCleanInstall: check.shrinks && acknowledged,
      },
      {
        onSuccess: (answer) => {
          clearResizeDraft(instance.id);
          setAcknowledged(false);
          toast.success(t('resize.done', { hostname: instance.hostname }));
          if (answer.password) setPassword(answer.password);
        },
        onError: (error) => {
          const short = insufficientBalanceOf(error);
          if (short) {
            storeResizeDraft(instance.id, target);
            return setBalance(short);
          }
          if (error instanceof ApiError && error.code === resizeErrorCodes.notEnoughResource)
            return setNoRoom(true);
          toast.error(
            isServerError(error)
              ? t('resize.infrastructureError')
              : serverDetail(error, t('common:errors.tryAgain')),
          );
        },
      },
    );
  };

  const disabled =
    blocked !== null ||
    check.size === null ||
    check.unchanged ||
    check.isoDowngrade ||
    (check.shrinks && !acknowledged);

  return (
    <Stack spacing={3}>
      {blocked && <Alert severity="info">{t(`resize.blocked.${blocked}`)}</Alert>}
      {noRoom && (
        <Alert
          severity="info"
          onClose={() => setNoRoom(false)}
          action={
            <ButtonLink to="/support/new-ticket" size="small" color="inherit">
              {t('resize.contactSupport')}
            </ButtonLink>
          }
        >
          {t('resize.notEnoughResource')}
        </Alert>
      )}
      <SectionCard title={t('resize.title')} intro={t('resize.intro')}>
        <ResizePlanPicker
          instance={instance}
          target={target}
          onChange={choose}
          plans={plans}
          product={product}
          prices={appConfig.data?.extraResourceMonthlyPrice}
        />
      </SectionCard>
      <SectionCard title={t('resize.summary.title')}>
        <ResizeSummary
          current={sizeOfInstance(instance)}
          next={check.size}
          hourly={quote?.hourly ?? null}
          monthly={quote?.monthly ?? null}
        />
        {check.isoDowngrade && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('resize.isoUpgradeOnly')}
          </Alert>
        )}
        {check.shrinks && !check.isoDowngrade && (
          <Box sx={{ mt: 2 }}>
            <Alert severity="warning">{t('resize.shrinkWarning')}</Alert>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />
              }
              label={t('resize.acceptCleanInstall')}
            />
          </Box>
        )}
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color={check.shrinks ? 'error' : 'primary'}
            disabled={disabled}
            loading={resize.isPending}
            onClick={submit}
          >
            {check.shrinks ? t('resize.submitCleanInstall') : t('resize.submit')}
          </Button>
          {check.unchanged && blocked === null && (
            <Typography variant="body2" color="text.secondary">
              {t('resize.unchanged')}
            </Typography>
          )}
        </Box>
      </SectionCard>
      <InsufficientBalanceDialog balance={balance} onClose={() => setBalance(null)} />
      <NewPasswordDialog
        password={password}
        username={usernameForOsFamily(instance.os?.family)}
        onClose={() => setPassword(null)}
      />
    </Stack>
  );
}
