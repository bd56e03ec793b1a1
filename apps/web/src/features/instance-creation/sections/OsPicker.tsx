import {
  Box,
  Card,
  CardActionArea,
  FormControl,
  formControlClasses,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import type { OsFamily } from '@nimbus/contract';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useCreation } from '../creation-context';

/** The version a click on a family's card picks: the catalogue lists versions newest first. */
export const newestVersion = (family: Pick<OsFamily, 'versions'>) => family.versions.find((v) => !v.disabled);

/**
 * OS families, each with a version menu; `withPanel` lists the images that come with a control panel.
 * Like region and plan cards, a click anywhere on a card (or Enter/Space on its name) chooses that
 * family, with its newest version unless one of its versions is already chosen; the menu picks another.
 */
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
  const choose = (osId: number) => apply({ osId, appId: null, ocaData: {} });
  return (
    <Box
      role="radiogroup"
      aria-label={t('image.osFamilies')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
    >
      {families.map((family) => {
        const chosen = family.versions.find((v) => v.id === values.osId);
        const newest = newestVersion(family);
        const labelId = `${baseId}-${family.name}`;
        const pick = () => {
          if (!chosen && newest) choose(newest.id);
        };
        // The version menu (and its list, which React bubbles here from a portal) picks on its own.
        const pickFromCard = (event: MouseEvent<HTMLElement>) => {
          const target = event.target as Node;
          const menu = event.currentTarget.querySelector(`.${formControlClasses.root}`);
          if (event.currentTarget.contains(target) && !menu?.contains(target)) pick();
        };
        return (
          <Card
            key={family.name}
            variant="outlined"
            onClick={pickFromCard}
            sx={{
              p: 1.5,
              cursor: newest ? 'pointer' : undefined,
              borderColor: chosen ? 'primary.main' : undefined,
              borderWidth: chosen ? 2 : 1,
            }}
          >
            <CardActionArea
              role="radio"
              aria-checked={Boolean(chosen)}
              disabled={!newest}
              sx={{ display: 'flex', justifyContent: 'flex-start', gap: 1, mb: 1, borderRadius: 1 }}
            >
              {family.icon && <Box component="img" src={family.icon} alt="" sx={{ width: 24, height: 24 }} />}
              <Typography sx={{ fontWeight: 600 }}>{family.displayName}</Typography>
            </CardActionArea>
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
                onChange={(e) => choose(Number(e.target.value))}
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
