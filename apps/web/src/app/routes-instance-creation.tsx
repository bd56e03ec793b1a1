import type { AnyRoute } from '@tanstack/react-router';
import { comingLater } from './route-builders';

/** Instance creation, the public cart and the creation pending pages (instances.md §2). */
export const instanceCreationRoutes: AnyRoute[] = [
  comingLater('/createinstance', 'instanceCreation'),
  comingLater('/createinstance/pending', 'instanceCreation'),
  comingLater('/preorder/pending', 'preorders'),
  comingLater('/cart', 'cart', 'any', 'WithNavAndFooter'),
];
