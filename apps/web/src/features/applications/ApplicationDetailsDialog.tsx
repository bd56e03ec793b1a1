import RocketIcon from '@mui/icons-material/RocketLaunchOutlined';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type Application, defaultApplicationRamGb } from '@nimbus/contract';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { LoadingState } from '../../components/states/LoadingState';
import { lazyNamed } from '../shell/chunk-error';
import { ApplicationTitle } from './ApplicationCard';
import { deploySearch } from './deploy';

const ApplicationSummary = lazyNamed(() => import('./ApplicationSummary'), 'ApplicationSummary');

const DETAILS_DIALOG_WIDTH = 560;

/** An application's details: what is installed and how to start (its summary), its memory, Deploy. */
export function ApplicationDetailsDialog({ app, onClose }: { app: Application | null; onClose: () => void }) {
  const { t } = useTranslation('applications');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // The last application shown stays in the dialog while it closes, instead of emptying mid-animation.
  const [shown, setShown] = useState(app);
  if (app && app !== shown) setShown(app);
  return (
    <Dialog
      open={app !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      slotProps={{ paper: { sx: phone ? undefined : { maxWidth: DETAILS_DIALOG_WIDTH } } }}
    >
      {shown && (
        <>
          <DialogTitle id={titleId}>
            <ApplicationTitle app={shown} component="span" />
          </DialogTitle>
          <DialogContent dividers>
            <Typography dir="auto" sx={{ mb: 1 }}>
              {shown.description}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('details.memory', { ram: defaultApplicationRamGb(shown) })}
            </Typography>
            <Suspense fallback={<LoadingState minHeight={120} />}>
              <ApplicationSummary summary={shown.summary} />
            </Suspense>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('details.close')}</Button>
            <ButtonLink
              to="/createinstance"
              search={deploySearch(shown)}
              variant="contained"
              startIcon={<RocketIcon />}
            >
              {t('details.deploy')}
            </ButtonLink>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
