import type { ClientDeviceType } from '#shared/devices/device-labels.ts';
import type { InterventionStatus, Urgency } from '#shared/interventions/intervention-labels.ts';
import type { MailKind } from '#shared/mail/mail-labels.ts';
import type { PaymentMethod, PaymentStatus } from '#shared/billing/payment-labels.ts';
import type { PlanId } from '#shared/plans.ts';

/**
 * What each kind of message needs, as stored on its outbox row (jsonb). Never a password or a reset link: those
 * travel sealed in the row's `secret` and only reach the template at send time (see secret-box.ts).
 */
export type MailParams = {
  registration_received: { name: string; planId: PlanId | null };
  registration_refused: { name: string; reason: string };
  staff_new_registration: {
    requestId: number;
    name: string;
    email: string;
    phone: string;
    planId: PlanId | null;
    deviceType: string | null;
    deviceInfo: string;
  };
  staff_contact: { requestId: number; name: string; email: string; subject: string; message: string };
  staff_new_intervention: {
    interventionId: number;
    clientId: number;
    clientName: string;
    clientEmail: string;
    title: string;
    description: string;
    urgency: Urgency;
    deviceType: ClientDeviceType | null;
    deviceInfo: string;
  };
  /** the password is the sealed secret; the order (when there is one) gives the payment terms */
  credentials: {
    name: string;
    username: string;
    order: {
      id: number;
      planId: PlanId;
      price: string;
      paymentMethod: PaymentMethod;
      paymentStatus: PaymentStatus;
    } | null;
    /** a registration validated without an order: the plan the person asked for */
    requestedPlanId: PlanId | null;
  };
  /**
   * The order's invoice: its figures and PDF are read from the order when the message is sent (an issued invoice never
   * changes), so queueing it in the order's transaction costs one insert, not a read.
   */
  invoice: { orderId: number; name: string; planId: PlanId; figures?: InvoiceFigures };
  /** a credit note (avoir) on the client's invoice, its PDF attached when sent; its figures are frozen like it */
  credit_note: {
    documentId: number;
    name: string;
    number: string;
    invoiceNumber: string;
    amount: string;
    cancelsInFull: boolean;
  };
  intervention_status: {
    interventionId: number;
    name: string;
    title: string;
    status: InterventionStatus;
    durationMinutes: number | null;
  };
  renewal_reminder: { name: string; planId: PlanId; endsOn: string; daysLeft: number };
  /** the link's token is the sealed secret */
  password_reset: { name: string; username: string | null; expiresAt: string };
  erasure_done: { name: string };
  /** an admin refused an erasure request: the reason, which the person may answer */
  erasure_refused: { name: string; reason: string };
  /** to a staff member: the link's token is the sealed secret; welcome (new member) or reset (by an admin) */
  staff_password_link: { username: string; purpose: 'welcome' | 'reset'; expiresAt: string };
  /** a new message from staff in the thread of a client's request */
  intervention_message: { interventionId: number; name: string; title: string; body: string };
  /** a new message from a client in the thread of their request, to STAFF_EMAIL */
  staff_intervention_message: {
    interventionId: number;
    clientName: string;
    clientEmail: string;
    title: string;
    body: string;
  };
  /** a client closed their own request: resolved (completed) or no longer needed (cancelled), to STAFF_EMAIL */
  staff_intervention_closed: {
    interventionId: number;
    clientName: string;
    clientEmail: string;
    title: string;
    status: 'completed' | 'cancelled';
  };
  /** a client rated (or changed their rating of) a completed request, to STAFF_EMAIL */
  staff_intervention_rating: {
    interventionId: number;
    clientName: string;
    clientEmail: string;
    title: string;
    stars: number;
    comment: string;
    changed: boolean;
  };
  /** staff ask a proof of ownership for a device (`device`: its label), saying what to send */
  device_proof_requested: { name: string; deviceId: number; device: string; message: string };
  device_verified: { name: string; deviceId: number; device: string };
  device_refused: { name: string; deviceId: number; device: string; reason: string };
  /** a client sent a proof, to STAFF_EMAIL */
  staff_device_proof: {
    deviceId: number;
    clientId: number;
    clientName: string;
    clientEmail: string;
    device: string;
    fileName: string;
  };
  /** a request nobody answered reached the warning share of its time to respond (RESPONSE_WARNING_PERCENT), to staff */
  /** `nobodyOnDuty`: no member was on duty (their working hours), so it went to STAFF_EMAIL */
  staff_response_due_soon: {
    interventionId: number;
    clientName: string;
    title: string;
    dueAt: string;
    assignee: string | null;
    nobodyOnDuty?: boolean;
  };
  /** a request nobody answered is past its due time (RESPONSE_ESCALATION_PERCENT), to the admins */
  staff_response_overdue: {
    interventionId: number;
    clientName: string;
    title: string;
    dueAt: string;
    assignee: string | null;
  };
  /**
   * The contract confirmed on a durable medium (L221-13), once per order at its first payment: plan, price, term,
   * the CGV version accepted (linked), the withdrawal information and form (docs/decisions/041).
   */
  contract_confirmation: {
    orderId: number;
    name: string;
    planId: PlanId;
    price: string;
    /** the day the payment was confirmed: the contract's conclusion, when the 14 days start */
    concludedOn: string;
    cgvVersion: string;
    expressRequest: boolean;
  };
  /** « Me rétracter »: the withdrawal acknowledged (L221-21), with the amount to be given back */
  withdrawal_received: {
    orderId: number;
    name: string;
    planId: PlanId;
    withdrawnOn: string;
    refund: string;
    expressRequest: boolean;
  };
};

type InvoiceFigures = { price: string; startsOn: string; endsOn: string; gift: boolean };

/** The kinds whose message is useless without their secret (a « Renvoyer » after it was erased would send nothing usable). */
export const KINDS_WITH_SECRET: ReadonlySet<MailKind> = new Set([
  'credentials',
  'password_reset',
  'staff_password_link',
]);

/** One message to queue: `key` names the business event, so queueing it twice sends it once. */
export type MailToQueue<K extends MailKind = MailKind> = K extends MailKind
  ? {
      key: string;
      kind: K;
      to: string;
      params: MailParams[K];
      secret?: string;
      clientId?: number | null;
    }
  : never;
