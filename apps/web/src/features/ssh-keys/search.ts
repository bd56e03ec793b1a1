import { pageSearch } from '../../components/filters';

/** `/sshkeys?page=`: the table's page lives in the URL; a bad value is the first page. */
export type SshKeysSearch = {
  page?: number;
};
export const readSshKeysSearch = (search: Record<string, unknown>): SshKeysSearch => ({
  page: pageSearch(search.page),
});
