import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { type CaptchaClient, noCaptcha } from './captcha';
import { createTurnstileClient } from './turnstile';

/** The captcha the provider configured: a client for the form and the widget to place in it. */
export function useCaptcha(): { client: CaptchaClient; widget: ReactNode } {
  const { data: branding } = useQuery(brandingQuery);
  const { i18n } = useTranslation();
  const provider = branding?.captcha.provider ?? 'none';
  const siteKey = branding?.captcha.siteKey ?? null;
  const language = i18n.language;
  const turnstile = useMemo(
    () => (provider === 'turnstile' ? createTurnstileClient(siteKey, language) : null),
    [provider, siteKey, language],
  );
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!turnstile || !containerRef.current) return;
    return turnstile.mount(containerRef.current);
  }, [turnstile]);

  // The widget's usual height is reserved so the form does not jump when it appears.
  const widget = turnstile ? <Box ref={containerRef} sx={{ minHeight: 65 }} data-testid="captcha" /> : null;
  return { client: turnstile ?? noCaptcha, widget };
}
