// The bare stack with a sign-in form of plain MUI fields (no form library).
import { Box, Button, Link, Paper, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pretendSignIn, renderBarePage } from '../stack';

function SignInPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({ mutationFn: pretendSignIn });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper
        component="form"
        sx={{ p: 4, width: '100%', maxWidth: 420, display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate({ email, password });
        }}
      >
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <TextField
          label={t('email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={t('password')}
          type="password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" loading={signIn.isPending}>
          {t('submit')}
        </Button>
        <Link href="/forgotpassword">{t('forgot')}</Link>
      </Paper>
    </Box>
  );
}

void renderBarePage(SignInPage);
