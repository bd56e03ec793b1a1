// The bare stack with the sign-in form as the architecture builds forms: react-hook-form and a zod schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Paper, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { pretendSignIn, renderBarePage } from '../stack';

const signInSchema = z.object({ email: z.email('required'), password: z.string().min(1, 'required') });

function SignInPage() {
  const { t } = useTranslation();
  const signIn = useMutation({ mutationFn: pretendSignIn });
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Paper
        component="form"
        noValidate
        sx={{ p: 4, width: '100%', maxWidth: 420, display: 'grid', gap: 2 }}
        onSubmit={handleSubmit((values) => signIn.mutate(values))}
      >
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <TextField
          label={t('email')}
          type="email"
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email && t('required')}
        />
        <TextField
          label={t('password')}
          type="password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password && t('required')}
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
