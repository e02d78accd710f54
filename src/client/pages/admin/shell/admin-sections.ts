import type { ComponentType } from 'react';
import {
  CalendarRange,
  Download,
  Laptop,
  LayoutDashboard,
  Mail,
  ScrollText,
  UserCog,
  Send,
  ShoppingCart,
  Users,
  Wrench,
} from 'lucide-react';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { DashboardTab } from '#client/pages/admin/dashboard/dashboard-tab.tsx';
import { OrdersTab } from '#client/pages/admin/orders/orders-tab.tsx';
import { CustomersTab } from '#client/pages/admin/customers/customers-tab.tsx';
import { InboxTab } from '#client/pages/admin/inbox/inbox-tab.tsx';
import { SubscriptionsTab } from '#client/pages/admin/subscriptions/subscriptions-tab.tsx';
import { InterventionsTab } from '#client/pages/admin/interventions/interventions-tab.tsx';
import { DownloadTab } from '#client/pages/admin/download/download-tab.tsx';
import { StaffTab } from '#client/pages/admin/staff/staff-tab.tsx';
import { JournalTab } from '#client/pages/admin/journal/journal-tab.tsx';
import { OutboxTab } from '#client/pages/admin/outbox/outbox-tab.tsx';
import { DevicesTab } from '#client/pages/admin/devices/devices-tab.tsx';

export type TabDef = {
  /** the tab's value in the address (?tab=), the specification's names (docs/specification.md §2, §7) */
  value: string;
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  Panel: ComponentType;
  unlockedOnly?: boolean;
  /** who sees the tab (admins only when absent); the server refuses the same routes to the others */
  roles?: readonly StaffRole[];
  /** the figure shown beside the tab: what waits for someone there */
  count?: keyof AdminCounts;
};

export type TabGroup = { label: string | null; tabs: TabDef[] };

const EVERYONE = ['admin', 'technicien'] as const;

/**
 * The tabs in the specification's order, grouped: the overview alone, then sales, the day's activity and the
 * administration (docs/decisions/039).
 */
const TAB_GROUPS: TabGroup[] = [
  { label: null, tabs: [{ value: 'dashboard', label: 'Tableau de bord', Icon: LayoutDashboard, Panel: DashboardTab }] },
  {
    label: 'Ventes',
    tabs: [
      { value: 'orders', label: 'Commandes', Icon: ShoppingCart, Panel: OrdersTab },
      { value: 'users', label: 'Utilisateurs', Icon: Users, Panel: CustomersTab },
    ],
  },
  {
    label: 'Activité',
    tabs: [
      { value: 'contacts', label: 'Messages', Icon: Mail, Panel: InboxTab, roles: EVERYONE, count: 'inbox' },
      { value: 'subscriptions', label: 'Abonnements', Icon: CalendarRange, Panel: SubscriptionsTab, roles: EVERYONE },
      {
        value: 'interventions',
        label: 'Interventions',
        Icon: Wrench,
        Panel: InterventionsTab,
        roles: EVERYONE,
        count: 'unassignedInterventions',
      },
      {
        value: 'devices',
        label: 'Appareils',
        Icon: Laptop,
        Panel: DevicesTab,
        roles: EVERYONE,
        count: 'proofsToCheck',
      },
    ],
  },
  {
    label: 'Administration',
    tabs: [
      { value: 'courriels', label: 'Courriels', Icon: Send, Panel: OutboxTab, count: 'failedMails' },
      { value: 'team', label: 'Équipe', Icon: UserCog, Panel: StaffTab },
      { value: 'journal', label: 'Journal', Icon: ScrollText, Panel: JournalTab },
      { value: 'download', label: 'Téléchargement', Icon: Download, Panel: DownloadTab, unlockedOnly: true },
    ],
  },
];

/** The groups as one member sees them: their role's tabs (Téléchargement once unlocked), empty groups left out. */
export function visibleGroups(role: StaffRole, unlocked: boolean): TabGroup[] {
  return TAB_GROUPS.map((g) => ({
    ...g,
    tabs: g.tabs.filter((t) => (unlocked || !t.unlockedOnly) && (t.roles ?? ['admin']).includes(role)),
  })).filter((g) => g.tabs.length > 0);
}

/**
 * A link saved before the inbox tab took the specification's value (`contacts`, docs/specification.md §7) still
 * opens it.
 */
export const renamedTab = (value: string | null) => (value === 'messages' ? 'contacts' : value);
