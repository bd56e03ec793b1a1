import { Card, CardActions, CardContent, Typography } from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';

interface SectionCardProps {
  title: ReactNode;
  /** A line under the title, in secondary text. */
  intro?: ReactNode;
  /** Shown at the foot of the card, e.g. a link to the full page. */
  actions?: ReactNode;
  /** When given, the card is the form itself. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children?: ReactNode;
}

/** An outlined card for one section of a page (or one form), named by its h2 title. */
export function SectionCard({ title, intro, actions, onSubmit, children }: SectionCardProps) {
  const titleId = useId();
  const element = onSubmit
    ? ({ component: 'form', onSubmit, noValidate: true } as const)
    : ({ component: 'section' } as const);
  return (
    <Card variant="outlined" aria-labelledby={titleId} {...element}>
      <CardContent>
        <Typography id={titleId} variant="h3" component="h2" gutterBottom>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2 }}>{actions}</CardActions>}
    </Card>
  );
}
