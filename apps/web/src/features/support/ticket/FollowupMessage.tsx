import { Box, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { Followup } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { AttachmentDownload } from '../attachments/AttachmentDownload';
import { RateButtons } from './RateButtons';

/**
 * One message of the thread. The customer's sit at the end in the brand's tint, staff replies at the
 * start with a bar on their starting edge (logical sides: mirrored in right-to-left languages). The
 * message is plain text: shown as text with its line breaks, never as HTML.
 */
export function FollowupMessage({ followup }: { followup: Followup }) {
  const { t } = useTranslation('support');
  const formatDate = useFormatDate();
  const staff = followup.author === 'staff';
  const author = staff ? (followup.authorName ?? t('thread.staffFallback')) : t('thread.you');

  return (
    <Box
      component="li"
      sx={{
        alignSelf: staff ? 'flex-start' : 'flex-end',
        width: { xs: '100%', sm: '85%' },
        minWidth: 0,
      }}
    >
      <Paper
        variant="outlined"
        sx={(theme) => ({
          p: 2,
          display: 'grid',
          gap: 1,
          ...(staff
            ? { borderInlineStartWidth: 4, borderInlineStartColor: theme.palette.primary.main }
            : { bgcolor: alpha(theme.palette.primary.main, 0.06) }),
        })}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
            <bdi>{author}</bdi>
          </Typography>
          {staff && followup.authorName !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('thread.staffRole')}
            </Typography>
          )}
          <Typography
            component="time"
            dateTime={followup.createdAt}
            variant="body2"
            color="text.secondary"
            sx={{ marginInlineStart: 'auto' }}
          >
            {formatDate(followup.createdAt, 'dateTime')}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{followup.message}</Typography>
        {followup.attachments.length > 0 && (
          <Box
            component="ul"
            aria-label={t('attachments.label')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          >
            {followup.attachments.map((attachment) => (
              <Box component="li" key={attachment.id} sx={{ maxWidth: '100%' }}>
                <AttachmentDownload attachment={attachment} />
              </Box>
            ))}
          </Box>
        )}
        {staff && <RateButtons followup={followup} />}
      </Paper>
    </Box>
  );
}
