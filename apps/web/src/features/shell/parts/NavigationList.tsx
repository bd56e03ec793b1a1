import { alpha, Box, List, ListItem, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useLocation } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink, ListItemButtonLink } from '../../../components/links';
import { isActive, type NavItem, navigation, newService } from './navigation';

function NavEntry({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const active = isActive(item, pathname);
  const Icon = item.icon;
  return (
    <ListItem disablePadding>
      <ListItemButtonLink
        to={item.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={(theme) => ({
          borderRadius: 2,
          mx: 1.5,
          my: 0.25,
          py: 0.75,
          '&.Mui-selected, &.Mui-selected:hover': {
            bgcolor: alpha(theme.palette.primary.main, 0.12),
            color: 'primary.main',
            fontWeight: 600,
          },
          '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
        })}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t(`nav.${item.key}`)}
          slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
        />
      </ListItemButtonLink>
    </ListItem>
  );
}

function NavSectionList({
  sectionKey,
  items,
  pathname,
  onNavigate,
}: {
  sectionKey?: string;
  items: NavItem[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const headingId = useId();
  return (
    <List
      dense
      disablePadding
      aria-labelledby={sectionKey ? headingId : undefined}
      subheader={
        sectionKey ? (
          <ListSubheader id={headingId} disableSticky sx={{ px: 3, mt: 1.5, bgcolor: 'transparent' }}>
            {t(`nav.sections.${sectionKey}`)}
          </ListSubheader>
        ) : undefined
      }
    >
      {items.map((item) => (
        <NavEntry key={item.key} item={item} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

/** New Service, then the sections of the sidebar; `onNavigate` closes the mobile drawer. */
export function NavigationList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const pathname = useLocation({ select: (l) => l.pathname });
  const NewIcon = newService.icon;
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ pb: 2 }}>
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <ButtonLink
          to={newService.to}
          variant="contained"
          fullWidth
          startIcon={<NewIcon />}
          onClick={onNavigate}
          sx={{ py: 1 }}
        >
          {t('nav.newService')}
        </ButtonLink>
      </Box>
      {navigation.map((section) => (
        <NavSectionList
          key={section.key ?? section.items[0]?.key}
          sectionKey={section.key}
          items={section.items}
          pathname={pathname}
          onNavigate={onNavigate}
        />
      ))}
    </Box>
  );
}
