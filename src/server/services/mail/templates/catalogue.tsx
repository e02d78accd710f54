import type { ComponentType } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import type { MailKind } from '#shared/mail/mail-labels.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import {
  CreditNoteMail,
  Credentials,
  ErasureDone,
  ErasureRefused,
  InterventionStatusMail,
  Invoice,
  PasswordReset,
  RegistrationReceived,
  RegistrationRefused,
  RenewalReminder,
  InterventionMessageMail,
} from './client-mails.tsx';
import { ContractConfirmation, WithdrawalReceived } from './contract-mails.tsx';
import { DeviceProofRequested, DeviceRefused, DeviceVerified, StaffDeviceProof } from './device-mails.tsx';
import {
  StaffContact,
  StaffInterventionClosed,
  StaffInterventionMessage,
  StaffInterventionRating,
  StaffNewIntervention,
  StaffNewRegistration,
  StaffPasswordLink,
  StaffResponseDueSoon,
  StaffResponseOverdue,
} from './staff-mails.tsx';

type Body<K extends MailKind> = ComponentType<{ site: SiteInfo; params: MailParams[K]; secret?: string }>;

/**
 * Every message's body, rendered when it is sent. Loaded by the mail worker at its first message (delivery.ts):
 * React Email holds a few megabytes the server does not need before then. The subjects are in subjects.ts.
 */
const BODIES: { [K in MailKind]: Body<K> } = {
  registration_received: RegistrationReceived,
  registration_refused: RegistrationRefused,
  staff_new_registration: StaffNewRegistration,
  staff_contact: StaffContact,
  staff_new_intervention: StaffNewIntervention,
  credentials: Credentials,
  invoice: Invoice,
  credit_note: CreditNoteMail,
  intervention_status: InterventionStatusMail,
  renewal_reminder: RenewalReminder,
  password_reset: PasswordReset,
  erasure_done: ErasureDone,
  erasure_refused: ErasureRefused,
  staff_password_link: StaffPasswordLink,
  intervention_message: InterventionMessageMail,
  staff_intervention_message: StaffInterventionMessage,
  staff_intervention_closed: StaffInterventionClosed,
  staff_response_due_soon: StaffResponseDueSoon,
  staff_response_overdue: StaffResponseOverdue,
  staff_intervention_rating: StaffInterventionRating,
  device_proof_requested: DeviceProofRequested,
  device_verified: DeviceVerified,
  device_refused: DeviceRefused,
  staff_device_proof: StaffDeviceProof,
  contract_confirmation: ContractConfirmation,
  withdrawal_received: WithdrawalReceived,
};

/**
 * The plain-text version: React Email's own rules (as its `toPlainText`) and ours after them. Compiled once: compiling
 * html-to-text's settings cost more than converting a message (docs/quality.md « Figures behind the code »).
 */
const toPlainText = compile({
  wordwrap: 100,
  selectors: [
    ...plainTextSelectors,
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: '.link-fallback', format: 'skip' },
  ],
});

/** The HTML and plain-text bodies, in French, from the same template. */
export async function renderMail<K extends MailKind>(kind: K, params: MailParams[K], site: SiteInfo, secret?: string) {
  const Body = BODIES[kind] as Body<K>;
  const html = await render(<Body site={site} params={params} secret={secret} />);
  const text = toPlainText(html);
  return { html, text };
}
