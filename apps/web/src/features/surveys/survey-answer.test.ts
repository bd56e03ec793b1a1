import { describe, expect, it } from 'vitest';
import { answerChoices, answerText, asksReason, canSubmit, emptyAnswer } from './survey-answer';

const rating = (stars: number, reason = '') => ({ ...emptyAnswer, rating: stars, reason });
const ticked = (checked: number[], reason = '') => ({ ...emptyAnswer, checked, reason });

describe('survey answers (platform.md §5)', () => {
  it('cannot send a rating of 0, nor 1 to 3 stars without a reason; 4 and 5 ask none', () => {
    expect(canSubmit('csat', rating(0))).toBe(false);
    for (const stars of [1, 2, 3]) {
      expect(asksReason('csat', rating(stars))).toBe(true);
      expect(canSubmit('csat', rating(stars))).toBe(false);
      expect(canSubmit('csat', rating(stars, '  '))).toBe(false);
      expect(canSubmit('csat', rating(stars, 'Slow'))).toBe(true);
    }
    for (const stars of [4, 5]) {
      expect(asksReason('ticket-satisfaction', rating(stars))).toBe(false);
      expect(canSubmit('ticket-satisfaction', rating(stars))).toBe(true);
    }
  });

  it('sends the rating as its choice, with the reason only where one is asked', () => {
    expect(answerChoices('csat', rating(2, ' Slow '))).toEqual([{ id: 202, reason: 'Slow' }]);
    // A reason typed for 2 stars, then 5 chosen: not sent.
    expect(answerChoices('ticket-satisfaction', rating(5, 'Slow'))).toEqual([{ id: 305, reason: null }]);
  });

  it('needs a ticked reason, and words for “Something else”', () => {
    expect(canSubmit('delete-instance', ticked([]))).toBe(false);
    expect(canSubmit('delete-instance', ticked([102]))).toBe(true);
    expect(canSubmit('delete-instance', ticked([102, 106]))).toBe(false);
    expect(canSubmit('delete-instance', ticked([102, 106], 'Testing'))).toBe(true);
    expect(answerChoices('delete-instance', ticked([106, 102], 'Testing'))).toEqual([
      { id: 102, reason: null },
      { id: 106, reason: 'Testing' },
    ]);
  });

  it('words an answer in English for a record beside the survey', () => {
    expect(answerText('deactivate-stripe-auto-recharge', ticked([402, 401]))).toBe(
      'I prefer to add credit myself; My card had problems',
    );
    expect(answerText('deactivate-stripe-auto-recharge', ticked([403, 405], ' Moving to invoices '))).toBe(
      'Charges came when I did not expect them; Something else: Moving to invoices',
    );
  });
});
