import { floatingIpErrorCodes as codes, floatingIpSlotsLeft } from '@nimbus/contract';
import { forbidden } from '../../lib/errors';

/**
 * The limits in force for `count` more addresses (bought on IP Management or with an order): 403 past the
 * active limit or the calendar month's, naming the one that binds.
 */
export function assertFloatingIpSlots(
  counts: { active: number; createdThisMonth: number },
  config: { maxActiveFloatingIp: number; maxFloatingIpPerUserPerMonth: number },
  count: number,
) {
  if (counts.active >= config.maxActiveFloatingIp)
    throw forbidden(
      codes.maxActive,
      `At most ${config.maxActiveFloatingIp} floating IPs can be active at once.`,
    );
  if (counts.createdThisMonth >= config.maxFloatingIpPerUserPerMonth)
    throw forbidden(
      codes.maxPerMonth,
      `At most ${config.maxFloatingIpPerUserPerMonth} floating IPs can be created in a calendar month.`,
    );
  const left = floatingIpSlotsLeft({
    maxActive: config.maxActiveFloatingIp,
    active: counts.active,
    maxPerMonth: config.maxFloatingIpPerUserPerMonth,
    createdThisMonth: counts.createdThisMonth,
  });
  if (count > left)
    throw forbidden(
      counts.active + count > config.maxActiveFloatingIp ? codes.maxActive : codes.maxPerMonth,
      `Only ${left} more floating IPs can be created now.`,
    );
}
