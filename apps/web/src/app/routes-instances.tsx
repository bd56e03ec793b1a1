import type { AnyRoute } from '@tanstack/react-router';
import { comingLater, oneOf } from './route-builders';

const servicesTabs = ['instanceList', 'backups', 'snapshots', 'customIso'] as const;

/** The services tabs (instance list, …) and the deletion queue (instances.md §2). */
export const instanceRoutes: AnyRoute[] = [
  comingLater('/instance-deletion', 'instances'),
  comingLater('/services/$tab', 'instances', 'required', 'Default', (params) =>
    oneOf(servicesTabs, 'tab')({ params }),
  ),
];
