import AddIcon from '@mui/icons-material/Add';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOffOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { EmptyState } from '../../../components/states/EmptyState';

/** No services at all: the prompt to create the first one. */
export function NoInstances() {
  const { t } = useTranslation('instances');
  return (
    <EmptyState
      title={t('list.empty')}
      message={t('list.emptyHint')}
      action={
        <ButtonLink to="/createinstance" variant="contained" startIcon={<AddIcon />}>
          {t('list.create')}
        </ButtonLink>
      }
    />
  );
}

/** Filters in effect and nothing matches: the no-data message, with the way back to everything. */
export function NoMatchingInstances({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('instances');
  return (
    <EmptyState
      icon={<FilterAltOffIcon />}
      title={t('list.noData')}
      message={t('list.noDataHint')}
      action={
        <Button variant="outlined" onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      }
    />
  );
}
