import type { ReactNode } from 'react';
import { nbsp } from './typography.ts';
import type { Captcha } from './use-contact-form.ts';

/** The captcha field's label: the question itself once loaded. */
export function captchaLabel(captcha: Captcha): ReactNode {
  // The sum stays on one line: "4 +" then "5 ?" on the next reads badly.
  return captcha && 'question' in captcha ? (
    <>
      {nbsp('Question de sécurité : ')}
      <span className="whitespace-nowrap">{captcha.question}</span>
    </>
  ) : (
    'Question de sécurité'
  );
}

/** The hint under the captcha field: loading, failed, or why we ask. */
export function captchaHint(captcha: Captcha): string {
  return captcha === null
    ? 'Chargement de la question…'
    : 'failed' in captcha
      ? nbsp('La question n’a pas pu être chargée. Cliquez sur « Nouvelle question ».')
      : 'Elle nous protège des envois automatiques. Répondez en chiffres.';
}
