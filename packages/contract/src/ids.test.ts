import { describe, expect, it } from 'vitest';
import { bigIdParamSchema, idListParamSchema, idParamSchema, idSchema } from './ids';
import { INT4_MAX, isStorableText } from './ids-rules';

describe('ids', () => {
  it('accepts what an int4 column holds and nothing past it', () => {
    expect(idSchema.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [INT4_MAX + 1, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1']) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(idParamSchema.parse('2147483647')).toBe(INT4_MAX);
    for (const bad of ['2147483648', '9223372036854775808', '1e3x', '-1', 'NaN', '']) {
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(bigIdParamSchema.parse('2147483648')).toBe(2_147_483_648);
    expect(bigIdParamSchema.safeParse('9007199254740992').success).toBe(false);
  });

  it('bounds every id of a list', () => {
    expect(idListParamSchema(3).parse('1,2,3')).toEqual([1, 2, 3]);
    expect(idListParamSchema(3).safeParse('1,2147483648').success).toBe(false);
    expect(idListParamSchema(3).safeParse('1,2,3,4').success).toBe(false);
    expect(idListParamSchema(3).safeParse('1,,2').success).toBe(false);
  });
});

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, and keeps every script and emoji', () => {
    for (const ok of ['', 'Ada', 'مرحبا', '中文', '😀👍🏽', '\u202Eabc', 'tab\there']) {
      expect(isStorableText(ok), ok).toBe(true);
    }
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udfff\ud800', '😀'.slice(0, 1)]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
