import { ratingSurveyTypes, surveyDefinitions, surveyTypes } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import surveys from '../../i18n/locales/en/surveys.json';

type Tree = { [key: string]: string | Tree };
const text = (path: string) =>
  path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      surveys as Tree,
    );

describe('survey texts', () => {
  it('words every survey of the contract, and every choice of the surveys of reasons by its key', () => {
    const missing = surveyTypes.flatMap((type) => [
      ...[`title.${type}`, `intro.${type}`].filter((key) => typeof text(key) !== 'string'),
      ...(ratingSurveyTypes.includes(type)
        ? []
        : surveyDefinitions[type].choices
            .map((choice) => `choices.${type}.${choice.key}`)
            .filter((key) => typeof text(key) !== 'string')),
    ]);
    expect(missing).toEqual([]);
  });
});
