import { Alert, Box, Button, List, ListItem, useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreation } from './creation-context';
import { EmailNotVerifiedAlert } from './EmailNotVerifiedAlert';
import { type CreationValues, defaultCreationValues, isPreorder } from './form-model';
import { OrderBar } from './OrderBar';
import { OrderDialogs } from './OrderDialogs';
import { OrderSummary } from './OrderSummary';
import { orderProblems } from './order-checks';
import { AppSettingsSection } from './sections/AppSettingsSection';
import { HostnamesSection } from './sections/HostnamesSection';
import { ImageSection } from './sections/ImageSection';
import { OptionsSection } from './sections/OptionsSection';
import { PlanSection } from './sections/PlanSection';
import { RegionSection } from './sections/RegionSection';
import { TypeSection } from './sections/TypeSection';
import { useAutoSelection } from './use-auto-selection';
import { useSubmitOrder } from './use-submit-order';

interface CreationFormProps {
  signedIn: boolean;
  /** The application category the image tab opens on (ForexInstanceCreation). */
  initialTag?: string;
  /** GB of memory asked for in the query. */
  ramHint?: number;
  /** No draft was restored: defaults from the configuration apply. */
  freshStart: boolean;
  /**
   * The cart's first step: instead of ordering, hand the checked configuration on. Without it the form
   * orders at once.
   */
  onContinue?: (values: CreationValues) => void;
  continueLabel?: string;
  /** Shown above the sections, e.g. the cart's stepper. */
  header?: ReactNode;
}

/** The creation form shared by /createinstance and the cart: sections, sticky summary, order button. */
export function CreationForm({
  signedIn,
  initialTag,
  ramHint,
  freshStart,
  onContinue,
  continueLabel,
  header,
}: CreationFormProps) {
  const { t } = useTranslation('instanceCreation');
  const { values, replace, catalogue } = useCreation();
  useAutoSelection({ ramHint, freshStart });
  const [attempted, setAttempted] = useState(false);
  const [serverHostnameErrors, setServerHostnameErrors] = useState<Record<number, string>>({});
  const order = useSubmitOrder({
    fromCart: onContinue !== undefined,
    onReset: () => replace(defaultCreationValues(catalogue.appConfig.data?.defaultBillingCycle)),
    onFieldIssues: (issues) => {
      const byIndex: Record<number, string> = {};
      for (const issue of issues) {
        const match = /^hostnames\.(\d+)$/.exec(issue.path);
        if (match) byIndex[Number(match[1])] = issue.message;
      }
      setServerHostnameErrors(byIndex);
    },
  });
  const problems = orderProblems(values, catalogue);
  // Below md the summary sits under every section: the order bar keeps the total and button in reach.
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  // GPU plans are preordered: nothing is created or charged until the GPU is allocated.
  const preorder = isPreorder(values);
  const label = order.pending
    ? t(preorder ? 'submit.requesting' : 'submit.sending')
    : (continueLabel ?? t(preorder ? 'submit.preorder' : 'submit.create', { count: values.quantity }));

  const go = () => {
    setAttempted(true);
    setServerHostnameErrors({});
    if (problems.length > 0) return;
    if (onContinue) onContinue(values);
    else void order.submit(values);
  };

  const action = (
    <>
      {attempted && problems.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <List dense disablePadding>
            {problems.map((p) => (
              <ListItem key={p} disablePadding>
                {t(p)}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {order.emailNotVerified && <EmailNotVerifiedAlert />}
      <Button variant="contained" size="large" fullWidth onClick={go} disabled={order.pending}>
        {label}
      </Button>
    </>
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      {header}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <TypeSection />
          <RegionSection />
          <ImageSection initialTag={initialTag} />
          <PlanSection />
          <AppSettingsSection showErrors={attempted} />
          <OptionsSection signedIn={signedIn} />
          <HostnamesSection serverErrors={serverHostnameErrors} />
        </Box>
        <Box sx={{ position: { md: 'sticky' }, insetBlockStart: { md: 16 } }}>
          <OrderSummary action={action} />
        </Box>
      </Box>
      {small && (
        <OrderBar
          label={label}
          disabled={order.pending}
          onOrder={() => {
            go();
            // What is missing is listed above the summary's button: bring it into view.
            if (problems.length > 0)
              document.getElementById('order-summary-title')?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      <OrderDialogs order={order} />
    </Box>
  );
}
