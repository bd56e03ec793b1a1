import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type BackupFrequency, type BackupPeriod, isEveryDay } from '@nimbus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface BackupSchedule {
  scheduleFrequency: BackupFrequency;
  scheduleWeekDays: number[];
  periodId: number;
}

/** 1 January 2023 was a Sunday: day `d` of the week is that date plus `d` days. */
const SUNDAY = Date.UTC(2023, 0, 1);

/** A window's bounds in UTC, and the same in the customer's time zone. */
function useWindowText() {
  const { i18n } = useTranslation();
  const local = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const today = new Date();
  const at = (hhmm: string) => {
    const [h = 0, m = 0] = hhmm.split(':').map(Number);
    return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), h, m));
  };
  // Left-to-right isolates: a right-to-left page must not turn "04:00–08:00 UTC" around.
  return (p: BackupPeriod) => ({
    utc: `\u2066${p.from}–${p.to} UTC\u2069`,
    local: `\u2066${local.format(at(p.from))}–${local.format(at(p.to))}\u2069`,
  });
}

/** Whether the schedule can be saved: weekly needs at least one day (instances.md §5). */
export const scheduleComplete = (s: BackupSchedule) =>
  s.scheduleFrequency === 'daily' || s.scheduleWeekDays.length > 0;

/**
 * The schedule of automated backups: daily or weekly (with its days, Sunday to Saturday), and the window,
 * shown in UTC with the customer's local time under it; a sentence sums it up, or asks for a day.
 */
export function BackupScheduleFields({
  value,
  onChange,
  periods,
  disabled = false,
}: {
  value: BackupSchedule;
  onChange: (next: BackupSchedule) => void;
  periods: BackupPeriod[];
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('instanceTabs');
  const frequencyId = useId();
  const periodLabelId = useId();
  const windowText = useWindowText();
  const dayName = (d: number, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, { weekday: style, timeZone: 'UTC' }).format(
      new Date(SUNDAY + d * 86_400_000),
    );
  const period = periods.find((p) => p.id === value.periodId);
  const days = value.scheduleWeekDays;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  let summary: string | null = null;
  if (period && value.scheduleFrequency === 'daily')
    summary = t('backups.summary.daily', { window: windowText(period).utc });
  else if (period && days.length > 0)
    summary = isEveryDay(days)
      ? t('backups.summary.daily', { window: windowText(period).utc })
      : t('backups.summary.weekly', {
          days: list.format([...days].sort().map((d) => dayName(d, 'long'))),
          window: windowText(period).utc,
        });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControl disabled={disabled}>
        <FormLabel id={frequencyId}>{t('backups.frequency.label')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={frequencyId}
          value={value.scheduleFrequency}
          onChange={(_e, next) => onChange({ ...value, scheduleFrequency: next as BackupFrequency })}
        >
          <FormControlLabel value="weekly" control={<Radio />} label={t('backups.frequency.weekly')} />
          <FormControlLabel value="daily" control={<Radio />} label={t('backups.frequency.daily')} />
        </RadioGroup>
      </FormControl>
      {value.scheduleFrequency === 'weekly' && (
        <Box>
          <Typography variant="body2" color="text.secondary" id={`${frequencyId}-days`} sx={{ mb: 0.5 }}>
            {t('backups.days')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            color="primary"
            value={days}
            disabled={disabled}
            onChange={(_e, next: number[]) => onChange({ ...value, scheduleWeekDays: next })}
            aria-labelledby={`${frequencyId}-days`}
            sx={{ flexWrap: 'wrap' }}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <ToggleButton key={d} value={d} aria-label={dayName(d, 'long')}>
                {dayName(d, 'short')}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      <FormControl size="small" disabled={disabled} sx={{ maxWidth: 320 }}>
        <InputLabel id={periodLabelId}>{t('backups.window')}</InputLabel>
        <Select
          labelId={periodLabelId}
          label={t('backups.window')}
          value={value.periodId}
          onChange={(e) => onChange({ ...value, periodId: Number(e.target.value) })}
          renderValue={(id) =>
            periods.find((p) => p.id === id) ? windowText(periods.find((p) => p.id === id)!).utc : ''
          }
        >
          {periods.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              <ListItemText
                primary={windowText(p).utc}
                secondary={t('backups.localTime', { time: windowText(p).local })}
              />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {period && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
          {t('backups.localTime', { time: windowText(period).local })}
        </Typography>
      )}
      {summary && <Typography>{summary}</Typography>}
      {!scheduleComplete(value) && <Alert severity="warning">{t('backups.needDay')}</Alert>}
    </Box>
  );
}
