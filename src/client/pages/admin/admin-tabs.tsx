import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarRange, Download, LayoutDashboard, Mail, ShoppingCart, Users, Wrench } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DashboardTab } from './dashboard/dashboard-tab';
import { OrdersTab } from './orders/orders-tab';
import { CustomersTab } from './customers/customers-tab';
import { RequestsTab } from './requests/requests-tab';
import { SubscriptionsTab } from './subscriptions/subscriptions-tab';
import { InterventionsTab } from './interventions/interventions-tab';
import { DownloadTab } from './download/download-tab';

type TabDef = { value: string; label: string; Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; Panel: ComponentType; unlockedOnly?: boolean };

const TABS: TabDef[] = [
  { value: 'dashboard', label: 'Tableau de bord', Icon: LayoutDashboard, Panel: DashboardTab },
  { value: 'orders', label: 'Commandes', Icon: ShoppingCart, Panel: OrdersTab },
  { value: 'users', label: 'Utilisateurs', Icon: Users, Panel: CustomersTab },
  { value: 'messages', label: 'Messages', Icon: Mail, Panel: RequestsTab },
  { value: 'subscriptions', label: 'Abonnements', Icon: CalendarRange, Panel: SubscriptionsTab },
  { value: 'interventions', label: 'Interventions', Icon: Wrench, Panel: InterventionsTab },
  { value: 'download', label: 'Téléchargement', Icon: Download, Panel: DownloadTab, unlockedOnly: true },
];

/** Six tabs, seven once unlocked; the active one lives in ?tab= so a reload or a shared link keeps it. */
export function AdminTabs({ unlocked }: { unlocked: boolean }) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => unlocked || !t.unlockedOnly);
  const requested = params.get('tab');
  const active = tabs.some((t) => t.value === requested) ? requested! : 'dashboard';

  function select(value: string) {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === 'dashboard') next.delete('tab');
      else next.set('tab', value);
      return next;
    }, { replace: true });
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
