import { type Application, defaultApplicationRamGb } from '@nimbus/contract';

/**
 * Where Deploy leads: instance creation with the application chosen (its Applications tab open) and
 * a plan with the memory the application is deployed with by default, as choosing it there would give.
 */
export const deploySearch = (app: Pick<Application, 'id' | 'osFamily' | 'defaultRamInGB'>) => ({
  appId: app.id,
  ram: defaultApplicationRamGb(app),
});
