/** The translation namespaces, one per area of the panel; every language has one file per namespace. */
export const namespaces = [
  'common',
  'shell',
  'auth',
  'account',
  'billing',
  'payments',
  'sshKeys',
  'instanceCreation',
  'instances',
  'instanceDetail',
  'instanceTabs',
  'support',
  'surveys',
  'notifications',
  'applications',
  'solutions',
  'floatingIps',
] as const;
export type Namespace = (typeof namespaces)[number];
