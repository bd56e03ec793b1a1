import { Stack } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { AccessCard } from './AccessCard';
import { ApplicationSettingsCard } from './ApplicationSettingsCard';
import { AttachedIsoCard } from './AttachedIsoCard';
import { SoftwareCard } from './SoftwareCard';
import { SshKeysCard } from './SshKeysCard';

/** The access tab: the custom ISO in the drive (if any), software and configuration, access and management, application settings, SSH keys. */
export function AccessTab({ instance }: { instance: Instance }) {
  return (
    <Stack spacing={3}>
      {instance.isoId !== null && <AttachedIsoCard instance={instance} />}
      <SoftwareCard instance={instance} />
      <AccessCard instance={instance} />
      {Object.keys(instance.ocaData).length > 0 && <ApplicationSettingsCard ocaData={instance.ocaData} />}
      <SshKeysCard sshKeys={instance.sshKeys} />
    </Stack>
  );
}
