import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button } from '@mui/material';
import { defaultLocale, isSupportedLocale, type Locale, localeNames } from '@nimbus/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { tokenStore } from '../api/tokens';
import { lazyNamed } from '../features/shell/chunk-error';
import { changeLanguage } from '../i18n';
import { useMenuButton } from './use-menu-button';

// The menu of 21 languages (MUI's Menu and Popover) comes at the first click: the button is on every page.
const LanguageMenu = lazyNamed(() => import('./LanguageMenu'), 'LanguageMenu');

/** Switches the panel's language; a signed-in customer's choice is also saved so mail goes out in it. */
export async function selectLanguage(locale: Locale) {
  await changeLanguage(locale);
  if (tokenStore.isAuthenticated()) {
    // The switch already happened on screen; a failed save only means mail stays in the old language.
    await api('/auth/language', { method: 'PUT', body: { language: locale } }).catch(() => {});
  }
}

/** The language button of the top bars, and its menu. */
export function LanguageSelector({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { opened, button, menu } = useMenuButton();
  const current: Locale = isSupportedLocale(i18n.language) ? i18n.language : defaultLocale;

  const choose = (locale: Locale) => {
    menu.onClose();
    if (locale !== current) void selectLanguage(locale);
  };

  return (
    <>
      <Button
        {...button}
        color="inherit"
        aria-label={t('language.current', { name: localeNames[current] })}
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
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu {...menu} current={current} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}
