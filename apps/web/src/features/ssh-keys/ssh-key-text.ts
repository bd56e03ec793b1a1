import { SSH_KEY_DIALOG_NAME_CHARS, type SshKeyType } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/** Algorithm names as `ssh-keygen -l` prints them; technical names, the same in every language. */
const algorithmNames: Record<SshKeyType, string> = {
  'ssh-ed25519': 'ED25519',
  'ecdsa-sha2-nistp256': 'ECDSA',
  'ecdsa-sha2-nistp384': 'ECDSA',
  'ecdsa-sha2-nistp521': 'ECDSA',
  'ssh-rsa': 'RSA',
};
export const algorithmName = (type: SshKeyType) => algorithmNames[type];

/** The name as the delete dialog shows it: cut at 30 characters (not halfway through an emoji). */
export function dialogName(name: string, chars = SSH_KEY_DIALOG_NAME_CHARS): string {
  const characters = Array.from(name);
  return characters.length > chars ? `${characters.slice(0, chars).join('')}…` : name;
}

/** "SHA256:uNiVz…SXA9" — enough of the fingerprint to tell keys apart in a table. */
export function shortFingerprint(fingerprint: string, head = 12, tail = 6): string {
  return fingerprint.length <= head + tail + 1
    ? fingerprint
    : `${fingerprint.slice(0, head)}…${fingerprint.slice(-tail)}`;
}

/** What went wrong, in the server's words (platform.md §8: other errors show the server detail). */
export function useServerDetail() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return t('errors.unexpected');
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    return error.detail || t('errors.unexpected');
  };
}
