import RocketIcon from '@mui/icons-material/RocketLaunchOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { Application } from '@nimbus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { deploySearch } from './deploy';

/** The application's icon and name, with the beta badge; the card and the details dialog show it. */
export function ApplicationTitle({
  app,
  id,
  component = 'h2',
}: {
  app: Application;
  id?: string;
  component?: 'h2' | 'span';
}) {
  const { t } = useTranslation('applications');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {app.icon && (
        <Box component="img" src={app.icon} alt="" sx={{ width: 40, height: 40, flexShrink: 0 }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3" component={component} id={id} sx={{ overflowWrap: 'anywhere' }}>
          <bdi>{app.name}</bdi>
        </Typography>
        {app.isBeta && (
          <Chip size="small" color="warning" variant="outlined" label={t('card.beta')} sx={{ mt: 0.5 }} />
        )}
      </Box>
    </Box>
  );
}

/** One application: what it is, its details, and Deploy. */
export function ApplicationCard({ app, onDetails }: { app: Application; onDetails: () => void }) {
  const { t } = useTranslation('applications');
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <ApplicationTitle app={app} id={titleId} />
        <Typography
          variant="body2"
          color="text.secondary"
          // Catalogue text keeps the direction of its own language inside a right-to-left page.
          dir="auto"
          sx={{
            mt: 1.5,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {app.description}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2, pt: 0 }}>
        <Button onClick={onDetails} aria-label={t('card.detailsOf', { name: app.name })}>
          {t('card.details')}
        </Button>
        <ButtonLink
          to="/createinstance"
          search={deploySearch(app)}
          variant="contained"
          startIcon={<RocketIcon />}
          aria-label={t('card.deployNamed', { name: app.name })}
        >
          {t('card.deploy')}
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
