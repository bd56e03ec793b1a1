import { CardActionArea, type CardActionAreaProps } from '@mui/material';
import { createLink } from '@tanstack/react-router';

/** A card's clickable area that is a router link (a real <a>, like ButtonLink in components/links). */
export const CardActionAreaLink = createLink((props: CardActionAreaProps<'a'>) => (
  <CardActionArea component="a" {...props} />
));
