import CheckIcon from '@mui/icons-material/Check';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { type Locale, localeNames, supportedLocales } from '@nimbus/contract';
import { TopBarMenu, type TopBarMenuProps } from './TopBarMenu';

/**
 * Every locale by its own name, so anyone can find theirs; the current one is checked. The selector sits
 * at the end of the top bar or of the sign-in pages' header, so it hangs from there as the bar's menus do.
 */
export function LanguageMenu({
  current,
  onChoose,
  ...menu
}: TopBarMenuProps & { current: Locale; onChoose: (locale: Locale) => void }) {
  return (
    <TopBarMenu {...menu} dense paperSx={{ maxHeight: '60vh', minWidth: 200, mt: 0.5 }}>
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
    </TopBarMenu>
  );
}
