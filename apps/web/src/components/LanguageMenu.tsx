import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { type Locale, localeNames, supportedLocales } from '@nimbus/contract';

/** Every locale by its own name, so anyone can find theirs; the current one is checked. */
export function LanguageMenu({
  id,
  labelledBy,
  anchor,
  current,
  onClose,
  onChoose,
}: {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  current: Locale;
  onClose: () => void;
  onChoose: (locale: Locale) => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{
        list: { 'aria-labelledby': labelledBy, dense: true },
        paper: { sx: { maxHeight: '60vh', minWidth: 200 } },
      }}
    >
      {supportedLocales.map((locale) => (
        <MenuItem
          key={locale}
          lang={locale}
          role="menuitemradio"
          aria-checked={locale === current}
          selected={locale === current}
          onClick={() => onChoose(locale)}
        >
          <ListItemText>{localeNames[locale]}</ListItemText>
          {locale === current && (
            <ListItemIcon sx={{ minWidth: 0, marginInlineStart: 2 }}>
              <CheckIcon fontSize="small" />
            </ListItemIcon>
          )}
        </MenuItem>
      ))}
    </Menu>
  );
}
