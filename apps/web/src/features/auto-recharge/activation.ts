import {
  type ActivateAutoRechargeResult,
  type AutoRechargeInfo,
  autoRechargeErrorCodes,
  cardGateways,
  type GatewayName,
  type PaymentGateway,
  toMicros,
} from '@nimbus/contract';
import { ApiError } from '../../api/client';

/** Auto-recharge dialog width (platform.md §9). */
export const AUTO_RECHARGE_DIALOG_WIDTH = 480;

/** The catalogue's gateways that can save a card and so can recharge automatically. */
export const cardGatewaysOf = (gateways: PaymentGateway[]) =>
  gateways.filter((g) => cardGateways.includes(g.name as GatewayName));

/** The gateway the settings run on, with its state for this customer (status, default card). */
export const currentGatewayState = (info: AutoRechargeInfo) =>
  info.gateways.find((g) => g.gatewayId === info.gatewayId);

export type SubmitLabel = 'activate' | 'update' | 'checkoutAndActivate';
/** Platform.md §4: a card gateway without a saved card goes through checkout first. */
export function submitLabel(info: AutoRechargeInfo, gatewayId: number | undefined): SubmitLabel {
  const verified = info.gateways.some((g) => g.gatewayId === gatewayId && g.isVerified);
  if (!verified) return 'checkoutAndActivate';
  return info.isActive ? 'update' : 'activate';
}

export type ActivationOutcome = { kind: 'done' } | { kind: 'failed' } | { kind: 'redirect'; url: string };
/** Verified and active: done. Verified but not active: failed. Not verified: save a card at the gateway. */
export function activationOutcome(result: ActivateAutoRechargeResult): ActivationOutcome {
  if (result.isGatewayVerified) return { kind: result.isProfileActive ? 'done' : 'failed' };
  return result.redirectURI ? { kind: 'redirect', url: result.redirectURI } : { kind: 'failed' };
}

/** The offered option equal to `value` (the server may write "20.000000" for "20.00"), else the first. */
export function matchingOption(options: string[], value: string | null): string {
  if (value !== null) {
    const found = options.find((o) => toMicros(o) === toMicros(value));
    if (found) return found;
  }
  return options[0] ?? '';
}

/** i18n key (payments namespace) of a failed auto-recharge call, or null to show the server's detail. */
export function autoRechargeErrorKey(error: unknown): string | null {
  if (!(error instanceof ApiError)) return 'common:errors.unexpected';
  if (error.code === autoRechargeErrorCodes.invalidOption) return 'autoRecharge.errors.invalidOption';
  if (error.code === autoRechargeErrorCodes.gatewayNotSupported) return 'autoRecharge.errors.notSupported';
  if (error.code === 'NETWORK_ERROR') return 'common:errors.network';
  return error.detail ? null : 'common:errors.unexpected';
}
