import { validationMessages } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import common from './locales/en/common.json';

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );

describe('validation messages', () => {
  it('has an English panel text for every message key the contract schemas can produce', () => {
    const missing = Object.keys(validationMessages).filter(
      (key) => typeof lookup(common as Tree, key) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
