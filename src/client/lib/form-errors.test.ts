import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api.ts';
import { applyFieldErrors } from './form-errors.ts';

type Form = { name: string; captchaAnswer: string };

function recorder() {
  const placed: Array<{ field: string; message?: string; focus?: boolean }> = [];
  const setError = (field: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    placed.push({ field, message: error.message, focus: options?.shouldFocus });
  };
  return { placed, setError };
}

describe('applyFieldErrors', () => {
  it('puts each known field’s first message under it, focuses the first, ignores fields the form lacks', () => {
    const { placed, setError } = recorder();
    const error = new ApiRequestError(400, 'Données invalides', {
      name: ['Nom trop court', 'autre'],
      captchaAnswer: ['Réponse fausse'],
      other: ['x'],
    });
    expect(applyFieldErrors<Form>(error, setError, ['name', 'captchaAnswer'])).toBe(true);
    expect(placed).toEqual([
      { field: 'name', message: 'Nom trop court', focus: true },
      { field: 'captchaAnswer', message: 'Réponse fausse', focus: false },
    ]);
  });

  it('shows a server field without an input under the field named for it', () => {
    const { placed, setError } = recorder();
    const error = new ApiRequestError(400, 'Données invalides', { captchaToken: ['Question expirée'] });
    expect(applyFieldErrors<Form>(error, setError, ['name', 'captchaAnswer'], { captchaToken: 'captchaAnswer' })).toBe(
      true,
    );
    expect(placed).toEqual([{ field: 'captchaAnswer', message: 'Question expirée', focus: true }]);
  });

  it('places nothing, and says so, for an error without field errors', () => {
    const { placed, setError } = recorder();
    expect(applyFieldErrors<Form>(new ApiRequestError(409, 'Conflit'), setError, ['name'])).toBe(false);
    expect(applyFieldErrors<Form>(new Error('réseau'), setError, ['name'])).toBe(false);
    expect(placed).toEqual([]);
  });
});
