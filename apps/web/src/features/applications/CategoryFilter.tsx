import { Alert, Box, Button, Chip, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicationCategoriesQuery } from './queries';
import { ALL_CATEGORIES } from './search';

interface Props {
  /** The category in effect: a tag or ALL_CATEGORIES. */
  value: string;
  onChange: (tag: string) => void;
}

/** The tag filter: every category the provider lists, and All; one is chosen at a time. */
export function CategoryFilter({ value, onChange }: Props) {
  const { t } = useTranslation('applications');
  const categories = useQuery(applicationCategoriesQuery);
  if (categories.isError)
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => void categories.refetch()}>
            {t('categories.retry')}
          </Button>
        }
      >
        {t('categories.error')}
      </Alert>
    );
  const options = [
    { tag: ALL_CATEGORIES, name: t('categories.all') },
    ...(categories.data ?? []).map((c) => ({ tag: c.tag, name: c.name })),
  ];
  return (
    <Box role="group" aria-label={t('categories.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {options.map((c) => {
        const chosen = c.tag === value;
        return (
          <Chip
            key={c.tag}
            label={c.name}
            color={chosen ? 'primary' : 'default'}
            variant={chosen ? 'filled' : 'outlined'}
            onClick={() => onChange(c.tag)}
            aria-pressed={chosen}
          />
        );
      })}
      {categories.isPending &&
        [64, 88, 72].map((width) => (
          <Skeleton key={width} variant="rounded" width={width} height={32} sx={{ borderRadius: 4 }} />
        ))}
    </Box>
  );
}
