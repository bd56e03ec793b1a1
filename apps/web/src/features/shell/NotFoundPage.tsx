import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../api/tokens';
import { ButtonLink } from '../../components/links';

/** /404: every unknown path and malformed id ends here, with the way back. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const signedIn = tokenStore.isAuthenticated();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, maxWidth: 520, mx: 'auto' }}>
      <Typography
        aria-hidden
        sx={{
          fontSize: { xs: 88, sm: 120 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          opacity: 0.9,
        }}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.message')}
      </Typography>
      {signedIn ? (
        <ButtonLink to="/dashboard" variant="contained" size="large">
          {t('notFound.toDashboard')}
        </ButtonLink>
      ) : (
        <ButtonLink to="/signin" variant="contained" size="large">
          {t('notFound.toSignIn')}
        </ButtonLink>
      )}
    </Box>
  );
}
