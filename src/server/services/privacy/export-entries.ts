// How each row of the client's orders, requests and messages reads in data.json: every field of theirs, with staff
// identities and secrets left out (client-data.ts gathers the rows).
import type { inboxItems, interventions, orders } from '#server/db/schema.ts';
import { toDocumentDto } from '#server/services/orders/order-queries.ts';
import type { ratingsFor } from '#server/services/interventions/intervention-ratings.ts';
import { getPlan } from '#shared/plans.ts';

type Document = Parameters<typeof toDocumentDto>[0];
type Rating = Awaited<ReturnType<typeof ratingsFor>> extends Map<number, infer R> ? R : never;

export function orderEntry<P>(o: typeof orders.$inferSelect, documents: Document[], payments: P[]) {
  return {
    id: o.id,
    invoiceNumber: documents.find((d) => d.kind === 'invoice')?.number ?? null,
    documents: documents.map(toDocumentDto),
    planId: o.plan,
    plan: getPlan(o.plan).name,
    price: o.price,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    orderDate: o.orderDate,
    startsOn: o.startsOn,
    endsOn: o.endsOn,
    clientName: o.clientName,
    clientEmail: o.clientEmail,
    clientPhone: o.clientPhone,
    username: o.username,
    notes: o.notes,
    verificationKey: o.verificationKey,
    cgvVersion: o.cgvVersion,
    cgvAcceptedAt: o.cgvAcceptedAt?.toISOString() ?? null,
    expressRequestAt: o.expressRequestAt?.toISOString() ?? null,
    withdrawnAt: o.withdrawnAt?.toISOString() ?? null,
    withdrawalRefund: o.withdrawalRefund,
    onlinePayments: payments,
    createdAt: o.createdAt.toISOString(),
  };
}

export function interventionEntry<M>(i: typeof interventions.$inferSelect, rating: Rating | null, messages: M[]) {
  return {
    id: i.id,
    title: i.title,
    description: i.description,
    urgency: i.urgency,
    deviceType: i.deviceType,
    deviceInfo: i.deviceInfo,
    deviceId: i.deviceId,
    plan: i.plan,
    remoteTool: i.remoteTool,
    remoteId: i.remoteId,
    status: i.status,
    durationMinutes: i.durationMinutes,
    // Written by staff about the client: part of what the right of access covers.
    staffNotes: i.staffNotes,
    firstResponseAt: i.firstResponseAt?.toISOString() ?? null,
    rating,
    messages,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export function requestEntry(r: typeof inboxItems.$inferSelect) {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    name: r.name,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    planId: r.planId,
    deviceType: r.deviceType,
    deviceInfo: r.deviceInfo,
    createdAt: r.createdAt.toISOString(),
  };
}
