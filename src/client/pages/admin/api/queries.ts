import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminInterventionDto, InterventionFilters } from '#shared/interventions/intervention-api.ts';
import type { AuditEntryDto, AuditFilters } from '#shared/security/audit-api.ts';
import type { CustomerDto, CustomerFilters } from '#shared/orders/customer-api.ts';
import type { DashboardStats, statsQueryInputSchema } from '#shared/orders/stats-api.ts';
import type { OpenSessionDto, StaffSession } from '#shared/staff/staff-api.ts';
import type { OrderDto, OrderFilters } from '#shared/orders/order-api.ts';
import type { OutboxFilters, OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import type { InboxItemDto, InboxFilters } from '#shared/inbox/inbox-api.ts';
import type { SubscriptionDto, SubscriptionFilters } from '#shared/subscriptions/subscription-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import { api, apiList, ApiRequestError } from '#client/lib/api.ts';

/** Builds `path?a=1&b=2`, leaving out empty values so the URL (and the query key) stays stable. */
function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** One page of an admin list, read with its filters; the current page stays on screen while the next one loads. */
function pageQueryOptions<T>(queryKey: QueryKey, path: string, filters: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey,
    queryFn: () => apiList<T>(withQuery(path, filters)),
    placeholderData: keepPreviousData,
  });
}

// The lists' query parameters are the server's own schemas (shared/<domain>/*-api.ts).
export type StatsRange = z.input<typeof statsQueryInputSchema>;
export type {
  AuditFilters,
  CustomerFilters,
  InterventionFilters,
  OrderFilters,
  OutboxFilters,
  InboxFilters,
  SubscriptionFilters,
};

// Everything but the session sits under ['admin', 'data'], so « Actualiser » and mutations can target it in one call.
export const adminKeys = {
  session: ['admin', 'session'] as const,
  data: ['admin', 'data'] as const,
  counts: ['admin', 'data', 'counts'] as const,
  orders: ['admin', 'data', 'orders'] as const,
  orderList: (f: OrderFilters) => [...adminKeys.orders, 'list', f] as const,
  audit: (orderId: number) => [...adminKeys.orders, 'audit', orderId] as const,
  customers: ['admin', 'data', 'customers'] as const,
  customerList: (f: CustomerFilters) => [...adminKeys.customers, f] as const,
  inbox: ['admin', 'data', 'inbox'] as const,
  inboxList: (f: InboxFilters) => [...adminKeys.inbox, f] as const,
  stats: ['admin', 'data', 'stats'] as const,
  statsRange: (r: StatsRange) => [...adminKeys.stats, r] as const,
  subscriptions: ['admin', 'data', 'subscriptions'] as const,
  subscriptionList: (f: SubscriptionFilters) => [...adminKeys.subscriptions, f] as const,
  interventions: ['admin', 'data', 'interventions'] as const,
  interventionList: (f: InterventionFilters) => [...adminKeys.interventions, f] as const,
  outbox: ['admin', 'data', 'outbox'] as const,
  outboxList: (f: OutboxFilters) => [...adminKeys.outbox, f] as const,
  /** « Équipe » and « Journal » (admins) */
  team: ['admin', 'data', 'team'] as const,
  journal: (f: AuditFilters) => ['admin', 'data', 'journal', f] as const,
  /** the signed-in staff member's own open sessions (« Mes sessions ») */
  sessions: ['admin', 'data', 'sessions'] as const,
};

/** The server holds the session; a 401 here only means « not signed in », so it resolves to null. */
export async function readStaffSession(): Promise<StaffSession | null> {
  try {
    return await api<StaffSession>('/api/admin/session');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({ queryKey: adminKeys.session, queryFn: readStaffSession });

export const sessionListQueryOptions = queryOptions({
  queryKey: adminKeys.sessions,
  queryFn: () => api<OpenSessionDto[]>('/api/admin/sessions'),
  // Other devices come and go: read afresh each time the dialog opens.
  staleTime: 0,
});

export const orderListQueryOptions = (f: OrderFilters) =>
  pageQueryOptions<OrderDto & OrderDocuments>(adminKeys.orderList(f), '/api/admin/manual-orders', f);

export const auditQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: adminKeys.audit(orderId),
    queryFn: () => api<AuditEntryDto[]>(withQuery('/api/admin/audit', { entity: 'order', entityId: orderId })),
  });

export const customerListQueryOptions = (f: CustomerFilters) =>
  pageQueryOptions<CustomerDto>(adminKeys.customerList(f), '/api/admin/users', f);

export const inboxListQueryOptions = (f: InboxFilters) =>
  pageQueryOptions<InboxItemDto>(adminKeys.inboxList(f), '/api/admin/contacts', f);

export const statsQueryOptions = (r: StatsRange) =>
  queryOptions({
    queryKey: adminKeys.statsRange(r),
    queryFn: () => api<DashboardStats>(withQuery('/api/admin/stats', r)),
    placeholderData: keepPreviousData,
  });

export const subscriptionListQueryOptions = (f: SubscriptionFilters) =>
  pageQueryOptions<SubscriptionDto>(adminKeys.subscriptionList(f), '/api/admin/subscriptions', f);

export const interventionListQueryOptions = (f: InterventionFilters) =>
  pageQueryOptions<AdminInterventionDto>(adminKeys.interventionList(f), '/api/admin/interventions', f);

export const outboxListQueryOptions = (f: OutboxFilters) =>
  pageQueryOptions<OutboxMessageDto>(adminKeys.outboxList(f), '/api/admin/outbox', f);

export const staffMembersQueryOptions = queryOptions({
  queryKey: adminKeys.team,
  queryFn: () => api<StaffMemberDto[]>('/api/admin/team'),
});

export const journalQueryOptions = (f: AuditFilters) =>
  pageQueryOptions<AuditEntryDto>(adminKeys.journal(f), '/api/admin/audit', f);

/** The figures beside the navigation's tabs (GET /api/admin/counts). */
export const countsQueryOptions = queryOptions({
  queryKey: adminKeys.counts,
  queryFn: () => api<AdminCounts>('/api/admin/counts'),
});
