export * from './account';
export * from './activity-log';
export * from './auth';
export * from './branding';
export * from './envelope';
export * from './locales';
export * from './money';
export * from './rules';
