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
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';

/** The version a click on a family's card picks: the catalogue lists versions newest first. */
export const newestVersion = (family: Pick<OsFamily, 'versions'>) => family.versions.find((v) => !v.disabled);

/**
 * OS families, each with a version menu (the creation screen's and the Change OS tab's). Like region and
 * plan cards, a click anywhere on a card (or Enter/Space on its name) chooses that family, with its
 * newest version unless one of its versions is already chosen; the menu picks another. `badge` adds a
 * note under a family's chosen version (a trial licence).
 */
export function OsFamilyCards({
  families,
  value,
  onChoose: choose,
  badge,
}: {
  families: OsFamily[];
  value: number | null;
  onChoose: (osId: number) => void;
  badge?: (family: OsFamily, version: OsFamily['versions'][number]) => ReactNode;
}) {
  const { t } = useTranslation('instanceCreation');
  const baseId = useId();
  return (
    <Box
      role="radiogroup"
      aria-label={t('image.osFamilies')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
    >
      {families.map((family) => {
        const chosen = family.versions.find((v) => v.id === value);
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
            {chosen && badge?.(family, chosen)}
          </Card>
        );
      })}
    </Box>
  );
}
