import type { Tx } from '#server/db/client.ts';
import type { Registration } from '#shared/inbox/registration.ts';
import { todayIso } from '#shared/format.ts';
import type { MailQueue } from './outbox.ts';

/**
 * A registration: the person is told it arrived, staff are told there is one to handle. The acknowledgement goes at
 * most once a day to an address, so the public form cannot be used to flood someone's mailbox.
 */
export async function queueRegistrationMails(
  tx: Tx,
  mail: MailQueue,
  requestId: number,
  input: Registration,
): Promise<void> {
  const name = `${input.firstName} ${input.lastName}`;
  await mail.queue(tx, {
    key: `registration-received:${input.email.toLowerCase()}:${todayIso()}`,
    kind: 'registration_received',
    to: input.email,
    params: { name, planId: input.planId },
  });
  await mail.queueForStaff(
    tx,
    `staff-registration:${requestId}`,
    'staff_new_registration',
    {
      requestId,
      name,
      email: input.email,
      phone: input.phone,
      planId: input.planId,
      deviceType: input.deviceType,
      deviceInfo: input.deviceInfo,
    },
    null,
  );
}

/** A contact message, announced to staff with its text. */
export async function queueContactMail(
  tx: Tx,
  mail: MailQueue,
  requestId: number,
  input: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  await mail.queueForStaff(tx, `staff-contact:${requestId}`, 'staff_contact', { requestId, ...input }, null);
}
