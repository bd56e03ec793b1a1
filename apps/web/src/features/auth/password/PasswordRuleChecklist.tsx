import { CheckCircle, RadioButtonUnchecked } from '@mui/icons-material';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { passwordRuleResults, passwordRules } from './password-rules';

interface PasswordRuleChecklistProps {
  password: string;
  /** Referenced by the password input's aria-describedby. */
  id: string;
}

/** The live checklist under a new-password field: each rule turns green once it is met. */
export function PasswordRuleChecklist({ password, id }: PasswordRuleChecklistProps) {
  const { t } = useTranslation('auth');
  const results = passwordRuleResults(password);
  return (
    <List id={id} dense disablePadding aria-label={t('passwordRules.title')}>
      {passwordRules.map((rule) => {
        const met = results[rule.id];
        return (
          <ListItem key={rule.id} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              {met ? (
                <CheckCircle fontSize="small" color="success" titleAccess={t('passwordRules.met')} />
              ) : (
                <RadioButtonUnchecked
                  fontSize="small"
                  color="disabled"
                  titleAccess={t('passwordRules.notMet')}
                />
              )}
            </ListItemIcon>
            <ListItemText
              primary={t(`passwordRules.${rule.id}`)}
              slotProps={{
                primary: { variant: 'body2', color: met ? 'success.main' : 'text.secondary' },
              }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
