import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';

/** "New ticket", about `instanceId` when given (the instance is preselected on the form). */
export function NewTicketButton({ instanceId, size }: { instanceId?: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('support');
  return (
    <ButtonLink
      to="/support/new-ticket"
      search={instanceId === undefined ? {} : { instanceId }}
      variant="contained"
      size={size}
      startIcon={<AddIcon />}
    >
      {t('newTicket')}
    </ButtonLink>
  );
}
