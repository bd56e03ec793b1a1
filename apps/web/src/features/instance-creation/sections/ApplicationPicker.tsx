import { Box, Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { type Application, DEFAULT_APPLICATION_TAG, defaultApplicationRamGb } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { type CreationChange, useCreation } from '../creation-context';

/**
 * Choosing an application: its image, its settings form, and enough memory — the custom plan grows to
 * the application's default RAM, a plan too small for it is dropped so a fitting one is chosen.
 */
function chooseApplication(app: Application): CreationChange {
  return (v) => {
    const ram = defaultApplicationRamGb(app);
    const next = {
      ...v,
      appId: app.id,
      osId: app.osVersionId,
      ocaData: {},
      imageTab: 'applications' as const,
    };
    if (v.customPlan)
      return {
        ...next,
        extraResource: { ...v.extraResource, ramInGB: Math.max(v.extraResource.ramInGB, ram) },
      };
    return next;
  };
}

/** Applications by category (featured first); the Forex page opens the forex category. */
export function ApplicationPicker({ initialTag }: { initialTag?: string }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { applications, categories } = catalogue;
  const [tag, setTag] = useState(initialTag ?? DEFAULT_APPLICATION_TAG);
  if (applications.isPending) return <LoadingState minHeight={120} />;
  if (applications.isError) return <ErrorState onRetry={() => void applications.refetch()} />;
  const shown = applications.data.filter((a) => a.tags.includes(tag) || a.id === values.appId);
  return (
    <>
      {categories.data && categories.data.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 2 }}
          aria-label={t('image.categories')}
        >
          {categories.data.map((c) => (
            <Chip
              key={c.tag}
              label={c.name}
              color={c.tag === tag ? 'primary' : 'default'}
              variant={c.tag === tag ? 'filled' : 'outlined'}
              onClick={() => setTag(c.tag)}
              aria-pressed={c.tag === tag}
            />
          ))}
        </Stack>
      )}
      {shown.length === 0 ? (
        <EmptyState title={t('image.empty.applications')} />
      ) : (
        <Box
          role="radiogroup"
          aria-label={t('image.tabs.applications')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
        >
          {shown.map((app) => {
            const selected = app.id === values.appId;
            return (
              <Card
                key={app.id}
                variant="outlined"
                sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
              >
                <CardActionArea
                  role="radio"
                  aria-checked={selected}
                  onClick={() => apply(chooseApplication(app))}
                  sx={{ p: 1.5, display: 'flex', gap: 1, justifyContent: 'flex-start' }}
                >
                  {app.icon && <Box component="img" src={app.icon} alt="" sx={{ width: 28, height: 28 }} />}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{app.name}</Typography>
                    {app.isBeta && <Chip size="small" label={t('image.beta')} />}
                  </Box>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      )}
    </>
  );
}
