import { z } from 'zod';
import { pageSearch } from '../../components/filters';

/** `/sshkeys?page=`: the table's page lives in the URL; a bad value is the first page. */
export const sshKeysSearchSchema = z.object({ page: pageSearch });
export type SshKeysSearch = z.output<typeof sshKeysSearchSchema>;
