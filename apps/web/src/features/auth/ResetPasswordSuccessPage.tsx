import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { ResultMessage } from './ResultMessage';

export function ResetPasswordSuccessPage() {
  const { t } = useTranslation('auth');
  return (
    <ResultMessage
      severity="success"
      title={t('resetPasswordSuccess.title')}
      text={t('resetPasswordSuccess.text')}
    >
      <ButtonLink to="/signin" variant="contained" size="large" fullWidth>
        {t('resetPasswordSuccess.signIn')}
      </ButtonLink>
    </ResultMessage>
  );
}
