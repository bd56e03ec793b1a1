// Every table of the application; drizzle-kit reads this file to generate migrations.

export * from '../modules/activity-log/activity-log.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/auto-recharge/auto-recharge.tables';
export * from '../modules/backups/backups.tables';
export * from '../modules/billing/billing.tables';
export * from '../modules/catalogue/catalogue.tables';
export * from '../modules/compute/address-pools/address-pools.tables';
export * from '../modules/compute/libvirt/libvirt.tables';
export * from '../modules/compute/simulator/simulator.tables';
export * from '../modules/events/events.tables';
export * from '../modules/floating-ips/floating-ips.tables';
export * from '../modules/idempotency/idempotency.tables';
export * from '../modules/instances/instances.tables';
export * from '../modules/instances/network/network.tables';
export * from '../modules/isos/isos.tables';
export * from '../modules/mail/mail.tables';
export * from '../modules/monitoring/monitoring.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/snapshots/snapshots.tables';
export * from '../modules/ssh-keys/ssh-keys.tables';
export * from '../modules/support/support.tables';
export * from '../modules/surveys/surveys.tables';
export * from './core.tables';
