import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import {
  defaultLocale,
  isSupportedLocale,
  type Locale,
  localeNames,
  supportedLocales,
} from '@nimbus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { tokenStore } from '../api/tokens';
import { changeLanguage } from '../i18n';

/** Switches the panel's language; a signed-in customer's choice is also saved so mail goes out in it. */
export async function selectLanguage(locale: Locale) {
  await changeLanguage(locale);
  if (tokenStore.isAuthenticated()) {
    // The switch already happened on screen; a failed save only means mail stays in the old language.
    await api('/auth/language', { method: 'PUT', body: { language: locale } }).catch(() => {});
  }
}

/** The language menu of the top bars: every locale by its own name, so anyone can find theirs. */
export function LanguageSelector({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const current: Locale = isSupportedLocale(i18n.language) ? i18n.language : defaultLocale;
  const open = Boolean(anchor);

  const choose = (locale: Locale) => {
    setAnchor(null);
    if (locale !== current) void selectLanguage(locale);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={t('language.current', { name: localeNames[current] })}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon />}
        sx={{ flexShrink: 0, minWidth: 0 }}
      >
        <Box
          component="span"
          lang={current}
          sx={{ display: compact ? { xs: 'none', sm: 'inline' } : 'inline' }}
        >
          {localeNames[current]}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: true },
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
            onClick={() => choose(locale)}
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
    </>
  );
}
