import { type InsufficientBalance, instanceErrorCodes } from '@nimbus/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { insufficientBalanceOf } from '../../components/InsufficientBalanceDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { saveCreationResults as storeCreationResults } from '../instances/pending/creation-results';
import { useCreation } from './creation-context';
import { clearDraft } from './draft';
import {
  type CreationValues,
  isPreorder,
  toCreateRequest,
  toPreorderRequest,
  withRequiredFeatures,
} from './form-model';
import { useCreateInstances, useCreatePreorders } from './queries';
import { rememberWaitingOrder } from './waiting-order';

const promotionLimitSchema = z.object({ allowed: z.number().int(), requested: z.number().int() });
export type PromotionLimit = z.infer<typeof promotionLimitSchema>;

/** `unverified`: refused until the account's email is verified (the cart then waits on its verify step). */
export type SubmitOutcome = 'created' | 'lowBalance' | 'unverified' | 'failed';

const isEmailNotVerified = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === instanceErrorCodes.emailNotVerified;

export interface SubmitHandlers {
  /** Validation issues of the server, by field path (e.g. "hostnames.1"). */
  onFieldIssues: (issues: { path: string; message: string }[]) => void;
  /** After a 500: the draft is gone, the form starts again. */
  onReset: () => void;
  /** The cart flow: a 460 leaves the order waiting for a payment from the cart. */
  fromCart?: boolean;
}

/**
 * Sends the order and answers every outcome the spec names (instances.md §8): results stored for the
 * pending page, 460 balance dialog with the form kept, 403 suspension or unverified email, 409 promotion
 * limit confirmation, 500 internal error with the draft reset, anything else the server's detail.
 */
export function useSubmitOrder({ onFieldIssues, onReset, fromCart = false }: SubmitHandlers) {
  const { t } = useTranslation('instanceCreation');
  const toast = useToast();
  const navigate = useNavigate();
  const { product } = useCreation().catalogue;
  const createInstances = useCreateInstances();
  const createPreorders = useCreatePreorders();
  const [balance, setBalance] = useState<InsufficientBalance | null>(null);
  const [promotion, setPromotion] = useState<{ limit: PromotionLimit; values: CreationValues } | null>(null);
  const [emailNotVerified, setEmailNotVerified] = useState(false);

  const fail = (error: unknown, values: CreationValues): void => {
    const low = insufficientBalanceOf(error);
    if (low) {
      rememberWaitingOrder(low, fromCart);
      setBalance(low);
      return;
    }
    if (!(error instanceof ApiError)) {
      toast.error(t('errors.unexpected'));
      return;
    }
    if (error.status === 409 && error.code === instanceErrorCodes.promotionLimit) {
      const limit = promotionLimitSchema.safeParse(error.body?.data);
      if (limit.success) {
        setPromotion({ limit: limit.data, values });
        return;
      }
    }
    if (isEmailNotVerified(error)) {
      setEmailNotVerified(true);
      return;
    }
    if (error.status === 403 && error.code === instanceErrorCodes.accountSuspended) {
      toast.error(t('errors.accountSuspended'));
      return;
    }
    if (error.status === 403 && error.code === instanceErrorCodes.accessSuspended) {
      toast.error(t('errors.accessSuspended'));
      return;
    }
    if (error.status >= 500) {
      toast.error(t('errors.internal'));
      clearDraft();
      onReset();
      void navigate({ to: '/createinstance', replace: true });
      return;
    }
    if (error.issues.length > 0) onFieldIssues(error.issues);
    toast.error(error.detail);
  };

  const submit = async (form: CreationValues, acceptPromotionLimit = false): Promise<SubmitOutcome> => {
    setEmailNotVerified(false);
    const values = withRequiredFeatures(form, product);
    try {
      if (isPreorder(values)) {
        const preorders = await createPreorders.mutateAsync(toPreorderRequest(values));
        storeCreationResults({ kind: 'preorders', preorders });
        clearDraft();
        await navigate({ to: '/preorder/pending' });
      } else {
        const results = await createInstances.mutateAsync(toCreateRequest(values, acceptPromotionLimit));
        storeCreationResults({ kind: 'instances', results });
        clearDraft();
        await navigate({ to: '/createinstance/pending' });
      }
      return 'created';
    } catch (error) {
      fail(error, values);
      if (insufficientBalanceOf(error)) return 'lowBalance';
      return isEmailNotVerified(error) ? 'unverified' : 'failed';
    }
  };

  return {
    submit,
    pending: createInstances.isPending || createPreorders.isPending,
    balance,
    closeBalance: () => setBalance(null),
    promotion: promotion?.limit ?? null,
    confirmPromotion: () => {
      const values = promotion?.values;
      setPromotion(null);
      if (values) void submit(values, true);
    },
    cancelPromotion: () => setPromotion(null),
    emailNotVerified,
  };
}
