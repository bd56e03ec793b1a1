import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton } from '@mui/material';
import { previewKey, type SshKey } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { Hint } from '../../../components/Hint';
import { useToast } from '../../../components/toast/ToastProvider';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { algorithmName, shortFingerprint } from '../ssh-key-text';

/*
 * The parts of one key that the table and the cards both show. Keys and fingerprints are Latin
 * technical text: always left to right, even on a right-to-left page.
 */

const monospace = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' } as const;

/** The key's first and last 30 characters (platform.md §9). */
export function KeyPreview({ sshKey }: { sshKey: SshKey }) {
  return (
    <Box component="bdi" dir="ltr" sx={monospace}>
      {previewKey(sshKey.publicKey)}
    </Box>
  );
}

/** "ED25519 · 256 bits". */
export function KeyType({ sshKey }: { sshKey: SshKey }) {
  const { t } = useTranslation('sshKeys');
  return <>{t('list.typeBits', { type: algorithmName(sshKey.type), bits: sshKey.bits })}</>;
}

/** Shortened when `short`, the whole fingerprint then in a tooltip and for screen readers. */
export function Fingerprint({ sshKey, short = false }: { sshKey: SshKey; short?: boolean }) {
  const { fingerprint } = sshKey;
  const shown = short ? shortFingerprint(fingerprint) : fingerprint;
  if (shown === fingerprint) {
    return (
      <Box component="bdi" dir="ltr" sx={monospace}>
        {fingerprint}
      </Box>
    );
  }
  // Focusable so that keyboard users can open the tooltip too.
  return (
    <Hint title={<bdi dir="ltr">{fingerprint}</bdi>} describeChild>
      <Box
        component="bdi"
        dir="ltr"
        tabIndex={0}
        sx={{ ...monospace, overflowWrap: 'normal', whiteSpace: 'nowrap' }}
      >
        <span aria-hidden>{shown}</span>
        <VisuallyHidden>{fingerprint}</VisuallyHidden>
      </Box>
    </Hint>
  );
}

/** Copy the public key, delete the key; both name the key for screen readers. */
export function KeyActions({ sshKey, onDelete }: { sshKey: SshKey; onDelete: (key: SshKey) => void }) {
  const { t } = useTranslation('sshKeys');
  const toast = useToast();
  const deleteLabel = t('delete.label', { name: sshKey.name });
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      <CopyButton
        value={sshKey.publicKey}
        label={t('copy.label', { name: sshKey.name })}
        onCopied={() => toast.success(t('copy.copied'))}
      />
      <Hint title={deleteLabel}>
        <IconButton size="small" aria-label={deleteLabel} onClick={() => onDelete(sshKey)}>
          <DeleteIcon fontSize="inherit" />
        </IconButton>
      </Hint>
    </Box>
  );
}
