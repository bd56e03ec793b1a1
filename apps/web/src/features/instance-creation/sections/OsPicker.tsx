import { Box, Card, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useCreation } from '../creation-context';

/** OS families, each with a version menu; `withPanel` lists the images that come with a control panel. */
export function OsPicker({ withPanel }: { withPanel: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { os } = catalogue;
  const baseId = useId();
  if (os.isPending) return <LoadingState minHeight={120} />;
  if (os.isError) return <ErrorState onRetry={() => void os.refetch()} />;
  const families = os.data
    .map((family) => ({ ...family, versions: family.versions.filter((v) => v.withPanel === withPanel) }))
    .filter((family) => family.versions.length > 0);
  if (families.length === 0) return <EmptyState title={t('image.empty.os')} />;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
      {families.map((family) => {
        const chosen = family.versions.find((v) => v.id === values.osId);
        const labelId = `${baseId}-${family.name}`;
        return (
          <Card
            key={family.name}
            variant="outlined"
            sx={{ p: 1.5, borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              {family.icon && <Box component="img" src={family.icon} alt="" sx={{ width: 24, height: 24 }} />}
              <Typography sx={{ fontWeight: 600 }}>{family.displayName}</Typography>
            </Box>
            <FormControl size="small" fullWidth>
              {/* The card is headed by the family's name: the field says just "Version" so it fits a
                  narrow card, and is named in full for assistive technology. */}
              <InputLabel id={labelId}>{t('image.versionLabel')}</InputLabel>
              <Select
                labelId={labelId}
                label={t('image.versionLabel')}
                SelectDisplayProps={{
                  'aria-labelledby': undefined,
                  'aria-label': t('image.version', { name: family.displayName }),
                }}
                value={chosen ? String(chosen.id) : ''}
                renderValue={(id) => <Ltr>{family.versions.find((v) => String(v.id) === id)?.name}</Ltr>}
                onChange={(e) => apply({ osId: Number(e.target.value), appId: null, ocaData: {} })}
              >
                {family.versions.map((v) => (
                  <MenuItem key={v.id} value={String(v.id)} disabled={v.disabled}>
                    <Ltr nowrap={false}>{v.name}</Ltr>
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Card>
        );
      })}
    </Box>
  );
}
