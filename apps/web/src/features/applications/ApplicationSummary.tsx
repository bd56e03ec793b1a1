import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Link, Typography } from '@mui/material';
import { parseApplicationSummary, sanitizeSummaryHtml } from '@nimbus/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/VisuallyHidden';

/**
 * An application's summary (platform.md §3): its HTML, then its links. The API serves it sanitised; it
 * is sanitised again here with the same allowlist, so the panel never inserts HTML it has not checked
 * itself, whatever a proxy or an older server sent. Links are https only and open in a new tab.
 *
 * Its own chunk (loaded by the details dialog): reading the links takes the contract's schema, and with
 * it zod, which the page of cards does not need.
 */
export function ApplicationSummary({ summary }: { summary: string }) {
  const { t } = useTranslation('applications');
  const linksId = useId();
  const { html, links } = useMemo(() => {
    const parsed = parseApplicationSummary(summary);
    return { html: sanitizeSummaryHtml(parsed.html), links: parsed.links };
  }, [summary]);
  return (
    <>
      {html && (
        <Box
          // Catalogue text keeps the direction of its own language inside a right-to-left page.
          dir="auto"
          sx={{
            typography: 'body2',
            '& p': { my: 1 },
            '& ul, & ol': { my: 1, paddingInlineStart: 3 },
            '& li': { my: 0.5 },
            '& code': {
              fontFamily: 'monospace',
              fontSize: '0.85em',
              bgcolor: 'action.hover',
              px: 0.5,
              borderRadius: 0.5,
              overflowWrap: 'anywhere',
            },
            '& a': { color: 'primary.main' },
          }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with the contract's allowlist.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      {links.length > 0 && (
        <Box component="section" aria-labelledby={linksId} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" id={linksId} sx={{ mb: 0.5 }}>
            {t('details.links')}
          </Typography>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 0, listStyle: 'none' }}>
            {links.map((link) => (
              <Box component="li" key={link.url} sx={{ py: 0.25 }}>
                <Link
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <bdi>{link.title}</bdi>
                  <OpenInNewIcon aria-hidden sx={{ fontSize: '1rem' }} />
                  <VisuallyHidden>{t('details.newTab')}</VisuallyHidden>
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
