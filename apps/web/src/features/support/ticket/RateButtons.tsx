import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { Box, IconButton, Typography } from '@mui/material';
import type { Followup } from '@nimbus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { useToast } from '../../../components/toast/ToastProvider';
import { useRateFollowup } from '../queries';
import { useProblemText } from '../server-errors';

/** Thumbs up or down on a staff reply; pressing the chosen one again takes the rating back. */
export function RateButtons({ followup }: { followup: Followup }) {
  const { t } = useTranslation('support');
  const toast = useToast();
  const problemText = useProblemText();
  const rate = useRateFollowup(followup.ticketId);
  const labelId = useId();
  const choose = (liked: boolean) =>
    runMutation(
      rate,
      { id: followup.id, isLiked: followup.isLiked === liked ? null : liked },
      { onError: (error) => toast.error(problemText(error)) },
    );
  const liked = followup.isLiked === true;
  const disliked = followup.isLiked === false;

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ marginInlineEnd: 0.5 }}>
        {t('thread.rateQuestion')}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('thread.helpful')}
        aria-pressed={liked}
        color={liked ? 'primary' : 'default'}
        disabled={rate.isPending}
        onClick={() => choose(true)}
      >
        {liked ? <ThumbUpIcon fontSize="small" /> : <ThumbUpOutlinedIcon fontSize="small" />}
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('thread.notHelpful')}
        aria-pressed={disliked}
        color={disliked ? 'primary' : 'default'}
        disabled={rate.isPending}
        onClick={() => choose(false)}
      >
        {disliked ? <ThumbDownIcon fontSize="small" /> : <ThumbDownOutlinedIcon fontSize="small" />}
      </IconButton>
    </Box>
  );
}
