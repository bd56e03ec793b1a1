import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Rating, Typography } from '@mui/material';
import { SURVEY_REASON_MAX, type SurveyType, surveyDefinitions } from '@nimbus/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../components/form/TextInput';
import { asksReason, isRatingSurvey, type SurveyAnswer } from './survey-answer';

interface Props {
  type: SurveyType;
  answer: SurveyAnswer;
  onChange: (answer: SurveyAnswer) => void;
  disabled?: boolean;
}

/**
 * The questions of one survey: five stars for a rating survey, a list of reasons to tick otherwise, and
 * the reason text when the choice asks for one (platform.md §5). Texts come from the `surveys`
 * namespace by the choices' stable keys, so every language words them its own way.
 */
export function SurveyFields({ type, answer, onChange, disabled = false }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {isRatingSurvey(type) ? (
        <RatingField type={type} answer={answer} onChange={onChange} disabled={disabled} />
      ) : (
        <ChoiceList type={type} answer={answer} onChange={onChange} disabled={disabled} />
      )}
      {asksReason(type, answer) && (
        <ReasonField type={type} answer={answer} onChange={onChange} disabled={disabled} />
      )}
    </Box>
  );
}

/** The stars as a group of radio buttons (MUI Rating): arrow keys move between them, each one named. */
function RatingField({ type, answer, onChange, disabled }: Required<Props>) {
  const { t } = useTranslation('surveys');
  const name = useId();
  // The stars' meaning in words beside them, as screen readers hear it from the radio labels.
  const [hovered, setHovered] = useState(-1);
  const shown = hovered > 0 ? hovered : answer.rating;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('rating.label')}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Rating
          name={name}
          value={answer.rating || null}
          max={surveyDefinitions[type].choices.length}
          size="large"
          disabled={disabled}
          getLabelText={(value) => t('rating.star', { count: value })}
          emptyLabelText={t('rating.none')}
          onChange={(_event, value) => onChange({ ...answer, rating: value ?? 0 })}
          onChangeActive={(_event, value) => setHovered(value)}
        />
        {shown > 0 && (
          <Typography variant="body2" color="text.secondary" aria-hidden>
            {t('rating.star', { count: shown })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The reasons of a survey like delete-instance: one or more may be ticked. */
function ChoiceList({ type, answer, onChange, disabled }: Required<Props>) {
  const { t } = useTranslation('surveys');
  const toggle = (id: number, on: boolean) =>
    onChange({
      ...answer,
      checked: on ? [...answer.checked, id] : answer.checked.filter((checked) => checked !== id),
    });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('choicesLabel')}
      </FormLabel>
      <FormGroup>
        {surveyDefinitions[type].choices.map((choice) => (
          <FormControlLabel
            key={choice.id}
            disabled={disabled}
            control={
              <Checkbox
                checked={answer.checked.includes(choice.id)}
                onChange={(event) => toggle(choice.id, event.target.checked)}
              />
            }
            label={t(`choices.${type}.${choice.key}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

/** Required while shown; says so once the customer leaves it empty (the disabled Send alone says nothing). */
function ReasonField({ type, answer, onChange, disabled }: Required<Props>) {
  const { t } = useTranslation('surveys');
  const [left, setLeft] = useState(false);
  const missing = left && answer.reason.trim() === '';
  return (
    <TextInput
      label={t(isRatingSurvey(type) ? 'reason.rating' : 'reason.choice')}
      value={answer.reason}
      onChange={(event) => onChange({ ...answer, reason: event.target.value })}
      onBlur={() => setLeft(true)}
      required
      multiline
      minRows={3}
      fullWidth
      disabled={disabled}
      error={missing}
      helperText={missing ? t('common:validation.survey.reasonRequired') : undefined}
      slotProps={{ htmlInput: { maxLength: SURVEY_REASON_MAX } }}
    />
  );
}
