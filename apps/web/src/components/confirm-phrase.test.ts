import { describe, expect, it } from 'vitest';
import { normalizePhrase, phraseMatches } from './confirm-phrase';

describe('type-to-confirm phrase', () => {
  it('removes every space and lower-cases', () => {
    expect(normalizePhrase('  Delete  My\tServer ')).toBe('deletemyserver');
  });

  it('accepts the phrase typed with other spacing or case', () => {
    expect(phraseMatches('delete my server', 'Delete My Server')).toBe(true);
    expect(phraseMatches('DELETEMYSERVER', 'Delete My Server')).toBe(true);
    expect(phraseMatches(' delete  my server ', 'Delete My Server')).toBe(true);
  });

  it('works with localized phrases', () => {
    expect(phraseMatches('server löschen', 'Server Löschen')).toBe(true);
    expect(phraseMatches('حذف الخادم', 'حذف الخادم')).toBe(true);
  });

  it('rejects anything else, and never confirms an empty phrase', () => {
    expect(phraseMatches('delete my serve', 'Delete My Server')).toBe(false);
    expect(phraseMatches('delete-my-server', 'Delete My Server')).toBe(false);
    expect(phraseMatches('', '')).toBe(false);
    expect(phraseMatches('   ', ' ')).toBe(false);
  });
});
