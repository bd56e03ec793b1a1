import { Stack } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { AccessCard } from './AccessCard';
import { ApplicationSettingsCard } from './ApplicationSettingsCard';
import { SoftwareCard } from './SoftwareCard';
import { SshKeysCard } from './SshKeysCard';

/** The access tab: software and configuration, access and management, application settings, SSH keys. */
export function AccessTab({ instance }: { instance: Instance }) {
  return (
    <Stack spacing={3}>
      <SoftwareCard instance={instance} />
      <AccessCard instance={instance} />
      {Object.keys(instance.ocaData).length > 0 && <ApplicationSettingsCard ocaData={instance.ocaData} />}
      <SshKeysCard sshKeys={instance.sshKeys} />
    </Stack>
  );
}
