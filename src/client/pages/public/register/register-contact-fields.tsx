import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '#client/components/ui/field.tsx';
import type { RegistrationInput } from '#shared/inbox/registration.ts';

type ContactField = 'firstName' | 'lastName' | 'email' | 'phone';
type ContactRegistrations = { [K in ContactField]: UseFormRegisterReturn<K> };

/**
 * Registered by the form before its other fields, at the top of its render: the form focuses the first invalid field
 * in the order the fields were registered, and « Prénom » comes first on the page.
 */
export function registerContactFields(register: UseFormRegister<RegistrationInput>): ContactRegistrations {
  return {
    firstName: register('firstName'),
    lastName: register('lastName'),
    email: register('email'),
    phone: register('phone'),
  };
}

type Props = { fields: ContactRegistrations; errors: FieldErrors<RegistrationInput> };

/** « Vos coordonnées »: who registers and how to reach them. */
export function RegisterContactFields({ fields, errors }: Props) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Prénom" autoComplete="given-name" error={errors.firstName?.message} {...fields.firstName} />
        <TextField label="Nom" autoComplete="family-name" error={errors.lastName?.message} {...fields.lastName} />
      </div>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="Vos identifiants et les modalités de paiement seront envoyés à cette adresse."
        error={errors.email?.message}
        {...fields.email}
      />
      <TextField
        label="Téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="06 12 34 56 78"
        hint="Par exemple 06 12 34 56 78 ou +33 6 12 34 56 78."
        error={errors.phone?.message}
        {...fields.phone}
      />
    </>
  );
}
