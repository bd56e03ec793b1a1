import type { AccountTab } from '../../app/routes';

export const accountTabLabels: Record<AccountTab, string> = {
  information: 'tabs.information',
  email: 'tabs.email',
  security: 'tabs.security',
  'api-access': 'tabs.apiAccess',
  log: 'tabs.log',
};
