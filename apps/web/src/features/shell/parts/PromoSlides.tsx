import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PublicIcon from '@mui/icons-material/Public';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SpeedIcon from '@mui/icons-material/Speed';
import { Box, IconButton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long each slide shows while the carousel plays. */
export const SLIDE_INTERVAL_MS = 7000;

const slides = [
  { key: 'deploy', icon: SpeedIcon },
  { key: 'regions', icon: PublicIcon },
  { key: 'hourly', icon: ScheduleIcon },
] as const;

/**
 * The sign-in page's promotional slides: an auto-advancing carousel that stops while the pointer or
 * keyboard focus is on it, can be paused for good, and does not move for people who asked for less motion.
 */
export function PromoSlides() {
  const { t } = useTranslation('shell');
  const rtl = useTheme().direction === 'rtl';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const moving = playing && !held && !reducedMotion;

  useEffect(() => {
    if (!moving) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(id);
  }, [moving]);

  const go = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);
  const PrevIcon = rtl ? ChevronRightIcon : ChevronLeftIcon;
  const NextIcon = rtl ? ChevronLeftIcon : ChevronRightIcon;
  const control = {
    color: 'inherit',
    bgcolor: 'rgba(255,255,255,0.12)',
    '&:hover': { bgcolor: 'rgba(255,255,255,0.22)' },
  };

  return (
    <Box
      component="section"
      aria-roledescription={t('promo.carousel')}
      aria-label={t('promo.label')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        width: '100%',
        p: { md: 6, lg: 8 },
      }}
    >
      <Box aria-live={moving ? 'off' : 'polite'} sx={{ minHeight: 300 }}>
        {slides.map(({ key, icon: Icon }, i) => (
          <Box
            key={key}
            role="group"
            aria-roledescription={t('promo.slide')}
            aria-label={t('promo.position', { n: i + 1, total: slides.length })}
            hidden={i !== index}
            sx={{ maxWidth: 480 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 88,
                height: 88,
                borderRadius: '24px',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'rgba(255,255,255,0.14)',
                mb: 4,
              }}
            >
              <Icon sx={{ fontSize: 48 }} />
            </Box>
            <Typography component="h2" sx={{ fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15, mb: 2 }}>
              {t(`promo.slides.${key}.title`)}
            </Typography>
            <Typography sx={{ fontSize: '1.125rem', opacity: 0.88, lineHeight: 1.6 }}>
              {t(`promo.slides.${key}.text`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 4 }}>
        <IconButton
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? t('promo.pause') : t('promo.play')}
          sx={control}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <IconButton onClick={() => go(-1)} aria-label={t('promo.previous')} sx={control}>
          <PrevIcon />
        </IconButton>
        <IconButton onClick={() => go(1)} aria-label={t('promo.next')} sx={control}>
          <NextIcon />
        </IconButton>
        <Stack direction="row" spacing={1} sx={{ paddingInlineStart: 1 }}>
          {slides.map(({ key }, i) => (
            <Box
              key={key}
              component="button"
              type="button"
              onClick={() => setIndex(i)}
              aria-label={t('promo.show', { title: t(`promo.slides.${key}.title`) })}
              aria-current={i === index ? 'true' : undefined}
              sx={{
                width: i === index ? 28 : 10,
                height: 10,
                p: 0,
                border: 0,
                borderRadius: 5,
                cursor: 'pointer',
                bgcolor: i === index ? '#fff' : 'rgba(255,255,255,0.4)',
                transition: 'width 200ms',
                '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 3 },
              }}
            />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
