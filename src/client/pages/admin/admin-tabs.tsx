import type { ComponentType } from 'react';
import { useSearchParams } from '#client/lib/router.ts';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { DashboardTab } from './dashboard/dashboard-tab.tsx';
import { OrdersTab } from './orders/orders-tab.tsx';
import { CustomersTab } from './customers/customers-tab.tsx';
import { InboxTab } from './inbox/inbox-tab.tsx';
import { SubscriptionsTab } from './subscriptions/subscriptions-tab.tsx';
import { InterventionsTab } from './interventions/interventions-tab.tsx';
import { DownloadTab } from './download/download-tab.tsx';
import { StaffTab } from './staff/staff-tab.tsx';
import { JournalTab } from './journal/journal-tab.tsx';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { OutboxTab } from './outbox/outbox-tab.tsx';
import { DevicesTab } from './devices/devices-tab.tsx';

type TabDef = {
  value: string;
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  Panel: ComponentType;
  unlockedOnly?: boolean;
  /** who sees the tab (admins only when absent); the server refuses the same routes to the others */
  roles?: readonly StaffRole[];
};

const EVERYONE = ['admin', 'technicien'] as const;

const TABS: TabDef[] = [
  { value: 'dashboard', label: 'Tableau de bord', Icon: LayoutDashboard, Panel: DashboardTab },
  { value: 'orders', label: 'Commandes', Icon: ShoppingCart, Panel: OrdersTab },
  { value: 'users', label: 'Utilisateurs', Icon: Users, Panel: CustomersTab },
  { value: 'contacts', label: 'Messages', Icon: Mail, Panel: InboxTab, roles: EVERYONE },
  { value: 'subscriptions', label: 'Abonnements', Icon: CalendarRange, Panel: SubscriptionsTab, roles: EVERYONE },
  { value: 'interventions', label: 'Interventions', Icon: Wrench, Panel: InterventionsTab, roles: EVERYONE },
  { value: 'devices', label: 'Appareils', Icon: Laptop, Panel: DevicesTab, roles: EVERYONE },
  { value: 'courriels', label: 'Courriels', Icon: Send, Panel: OutboxTab },
  { value: 'team', label: 'Équipe', Icon: UserCog, Panel: StaffTab },
  { value: 'journal', label: 'Journal', Icon: ScrollText, Panel: JournalTab },
  { value: 'download', label: 'Téléchargement', Icon: Download, Panel: DownloadTab, unlockedOnly: true },
];

/**
 * A link saved before the inbox tab took the specification's value (`contacts`, docs/specification.md §7) still
 * opens it.
 */
const renamedTab = (value: string | null) => (value === 'messages' ? 'contacts' : value);

/** The tabs of the signed-in member's role (Téléchargement once unlocked); the active one lives in ?tab= so a reload or a shared link keeps it. */
export function AdminTabs({ unlocked, role }: { unlocked: boolean; role: StaffRole }) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => (unlocked || !t.unlockedOnly) && (t.roles ?? ['admin']).includes(role));
  const requested = renamedTab(params.get('tab'));
  // A technician has no dashboard: their first tab is where they start.
  const active = tabs.some((t) => t.value === requested) ? requested! : tabs[0]!.value;

  function select(value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === tabs[0]!.value) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Tabs value={active} onValueChange={select}>
      <TabsList aria-label="Sections de l’espace staff">
        {tabs.map(({ value, label, Icon }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden className="h-4 w-4" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* Radix mounts only the active panel: a tab's data loads when it is first opened, then stays cached. */}
      {tabs.map(({ value, Panel }) => (
        <TabsContent key={value} value={value}>
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
