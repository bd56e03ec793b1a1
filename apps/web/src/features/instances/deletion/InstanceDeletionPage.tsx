import { Alert, Box, Button, Typography } from '@mui/material';
import { subscriptionRefundSchema } from '@nimbus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { phraseMatches } from '../../../components/confirm-phrase';
import { TextInput } from '../../../components/form/TextInput';
import { PageHeader } from '../../../components/PageHeader';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useMoney } from '../../../lib/money';
import { creditChanged } from '../../billing/queries';
import { HostnameText } from '../../instance-detail/HostnameText';
import { offerSurvey } from '../../surveys/pending-survey';
import { bulkRefundQuery, deleteInstance, instanceKeys, instancesChanged } from '../queries';
import { type DeletionProgress, DeletionProgressDialog } from './DeletionProgressDialog';
import { DeletionResults, refundedTotal } from './DeletionResults';
import {
  clearDeletionQueue,
  clearDeletionResults,
  keepDeletionResults,
  queueDeletion,
  type DeletionResults as Results,
  readDeletionQueue,
  readDeletionResults,
} from './deletion-queue';
import { RefundList } from './RefundList';
import { TransferCharges } from './TransferCharges';

/** /instance-deletion: the queued instances with their refunds, deleted one by one (instances.md §5). */
export function InstanceDeletionPage() {
  const { t } = useTranslation('instances');
  const moneyFormat = useMoney();
  const { money } = moneyFormat;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ids] = useState(readDeletionQueue);
  const refunds = useQuery({ ...bulkRefundQuery(ids), enabled: ids.length > 0 });
  const [typed, setTyped] = useState('');
  const [progress, setProgress] = useState<DeletionProgress | null>(null);
  // What was deleted and refunded, also after a reload: the previews are nothing once deleted.
  const [results, setResults] = useState(readDeletionResults);
  const finished = results !== null && (ids.length === 0 || progress?.done === true);

  if (ids.length === 0 && !results) return <Navigate to="/services/instanceList" replace />;

  const backToList = () => {
    // Asked why once per deletion, however many servers it took: about the first one, on the list.
    const first = results?.deleted[0];
    if (first) offerSurvey('delete-instance', String(first.instanceId));
    clearDeletionQueue();
    clearDeletionResults();
    navigate({ to: '/services/instanceList' });
  };

  // One at a time, as the spec asks: each result is counted before the next request goes out.
  const deleteAll = async () => {
    const queue = refunds.data?.refunds ?? [];
    let state: DeletionProgress = { total: queue.length, deleted: 0, failed: [], done: false };
    // One key per instance of this confirmation: a deletion sent twice gives its refund once.
    const batch = crypto.randomUUID();
    setProgress(state);
    const left = new Set(ids);
    let kept: Results = results ?? { deleted: [], failed: [] };
    for (const refund of queue) {
      try {
        const answer = await deleteInstance(refund.instanceId, `${batch}:${refund.instanceId}`);
        // The answer says what the deletion gave back; the preview stands in for an answer without it.
        const given = subscriptionRefundSchema.safeParse(answer);
        kept = { ...kept, deleted: [...kept.deleted, given.success ? given.data : refund] };
        keepDeletionResults(kept);
        state = { ...state, deleted: state.deleted + 1 };
        // A reload half-way must not ask for the refund of an instance that is gone (a 404).
        left.delete(refund.instanceId);
        queueDeletion([...left]);
      } catch {
        state = { ...state, failed: [...state.failed, refund.hostname] };
        kept = { ...kept, failed: [...kept.failed, refund.hostname] };
        keepDeletionResults(kept);
      }
      setProgress(state);
    }
    clearDeletionQueue();
    setResults(kept);
    setProgress({ ...state, done: true });
    // The refunds are credit: the balance in the top bar moves with them.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: instanceKeys.all }),
      instancesChanged(queryClient),
      creditChanged(queryClient),
    ]);
  };

  // Linode's type-to-confirm: one service by its hostname, several by their number (not a phrase to
  // translate, and no list of hostnames to copy out).
  const phrase = confirmationPhrase(refunds.data?.refunds ?? []);
  const confirmed = phrase !== null && phraseMatches(typed, phrase);

  const content = () => {
    if (finished) return <DeletionResults results={results} />;
    if (refunds.isPending) return <LoadingState label={t('deletion.loading')} />;
    // Any queued id that is not (or no longer) the customer's makes the whole answer a 404: retrying
    // cannot help, the customer chooses again from the list (Cancel).
    if (refunds.error instanceof ApiError && refunds.error.status === 404)
      return <Alert severity="warning">{t('deletion.gone')}</Alert>;
    if (refunds.isError)
      return <ErrorState onRetry={() => refunds.refetch()} message={t('deletion.error')} />;
    const { refunds: list, totalRefund } = refunds.data;
    return (
      <>
        <RefundList refunds={list} />
        <TransferCharges refunds={list} />
        <Typography sx={{ mt: 2, fontWeight: 500 }}>
          {t('deletion.totalRefund', { amount: money(totalRefund) })}
        </Typography>
        <DeletionPhraseField refunds={list} typed={typed} onChange={setTyped} />
      </>
    );
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('deletion.title')}
        breadcrumbs={[
          { label: t('breadcrumb.services'), to: '/services/instanceList' },
          { label: t('deletion.title') },
        ]}
      />
      <SectionCard
        title={finished ? t('deletion.completedTitle') : t('deletion.queueTitle', { count: ids.length })}
        intro={finished ? undefined : t('deletion.intro')}
        actions={
          finished ? (
            <Button variant="contained" onClick={backToList}>
              {t('deletion.backToList')}
            </Button>
          ) : (
            <>
              <Button color="inherit" onClick={backToList}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                variant="contained"
                color="error"
                disabled={!confirmed || progress !== null}
                onClick={deleteAll}
              >
                {t('deletion.confirm', { count: ids.length })}
              </Button>
            </>
          )
        }
      >
        {results && !finished && (
          // A reload half-way: what was already deleted, then what is left.
          <Box sx={{ mb: 3 }}>
            <DeletionResults results={results} />
          </Box>
        )}
        {content()}
      </SectionCard>
      <DeletionProgressDialog
        progress={progress}
        refunded={results?.deleted.some((r) => r.refundable) ? refundedTotal(results, moneyFormat) : null}
        onOk={backToList}
      />
    </Box>
  );
}

type Refunds = { hostname: string }[];

const confirmationPhrase = (refunds: Refunds) => {
  if (refunds.length === 0) return null;
  return refunds.length === 1 ? refunds[0]!.hostname : String(refunds.length);
};

function DeletionPhraseField({
  refunds,
  typed,
  onChange,
}: {
  refunds: Refunds;
  typed: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('instances');
  const only = refunds.length === 1 ? refunds[0] : undefined;
  return (
    <Box sx={{ mt: 2, maxWidth: 480 }}>
      <Typography
        component="label"
        htmlFor="deletion-phrase"
        sx={{ display: 'block', mb: 1, overflowWrap: 'anywhere' }}
      >
        {only ? (
          <HostnameText i18nKey="delete.typeHostname" hostname={only.hostname} bold />
        ) : (
          t('deletion.typeCount', { number: refunds.length })
        )}
      </Typography>
      <TextInput
        id="deletion-phrase"
        value={typed}
        onChange={(event) => onChange(event.target.value)}
        size="small"
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr' } }}
      />
    </Box>
  );
}
