import {
  Box,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ActivityLogEntry } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { entryIp, eventMessage } from './event-message';

/** The readable sentence of one entry. */
export function useEventText() {
  const { t, i18n } = useTranslation('account');
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const { money } = useMoney();
  return (entry: ActivityLogEntry) => {
    const { key, values, fields } = eventMessage(entry, money);
    const names = fields?.map((field) => t(`information.${field}`, { defaultValue: field }));
    return t(key, names ? { ...values, fields: list.format(names) } : values);
  };
}

interface Props {
  entries: ActivityLogEntry[];
  /** Accessible name of the table or list. */
  label: string;
}

/** Activity entries: a table on medium and larger screens, compact cards on small ones. */
export function ActivityEntries({ entries, label }: Props) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return wide ? (
    <ActivityTable entries={entries} label={label} />
  ) : (
    <ActivityCards entries={entries} label={label} />
  );
}

function ActivityTable({ entries, label }: Props) {
  const { t } = useTranslation('account');
  const eventText = useEventText();
  const formatDate = useFormatDate();
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('activity.columns.event')}</TableCell>
            <TableCell>{t('activity.columns.time')}</TableCell>
            <TableCell>{t('activity.columns.ip')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{eventText(entry)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, 'dateTime')}</time>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IpAddress entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The address, with whose it is under it: a sign-in shows the customer's, an instance event its server's. */
function IpAddress({ entry }: { entry: ActivityLogEntry }) {
  const { t } = useTranslation('account');
  const ip = entryIp(entry);
  if (!ip) return '—';
  return (
    <>
      <bdi>{ip.address}</bdi>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t(`activity.ipSource.${ip.source}`)}
      </Typography>
    </>
  );
}

function ActivityCards({ entries, label }: Props) {
  const { t } = useTranslation('account');
  const eventText = useEventText();
  const formatDate = useFormatDate();
  return (
    <List aria-label={label} disablePadding>
      {entries.map((entry) => {
        const ip = entryIp(entry);
        return (
          <ListItem key={entry.id} divider disableGutters sx={{ px: 0 }}>
            <ListItemText
              primary={eventText(entry)}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              secondary={
                <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                  <time dateTime={entry.timestamp}>{formatDate(entry.timestamp, 'dateTime')}</time>
                  {ip && (
                    <span>
                      {t(`activity.ipSource.${ip.source}`)}: <bdi>{ip.address}</bdi>
                    </span>
                  )}
                </Box>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
