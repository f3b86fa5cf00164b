import { Text, View } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router';
import { TODAY_QUEUES } from '@domain/today.js';
import { useAdminToday } from '@/lib/admin-today';
import { ADMIN_NAV, CUSTOMER_NAV, type NavItem } from './nav-items';

type SidebarNavProps = {
  isAdmin: boolean;
  /** An admin who may read the admin API (enrolled): the menu shows 'Hoje''s counts as badges. */
  showBadges?: boolean;
  onNavigate: () => void;
};

/** The menu. An admin's comes first (the back office is their work; their own customer area follows). */
export function SidebarNav({ isAdmin, showBadges = false, onNavigate }: SidebarNavProps) {
  const badges = useMenuBadges(isAdmin && showBadges);
  const customer = (
    <NavList items={CUSTOMER_NAV} onNavigate={onNavigate} labelledBy={isAdmin ? 'nav-customer' : undefined} />
  );
  if (!isAdmin) {
    return (
      <View as="nav" aria-label="Menu principal" className="sidebar-nav">
        {customer}
      </View>
    );
  }
  return (
    <View as="nav" aria-label="Menu principal" className="sidebar-nav">
      <Text as="h2" className="sidebar-nav__section sidebar-nav__section--first" id="nav-admin">
        Administração
      </Text>
      <NavList items={ADMIN_NAV} onNavigate={onNavigate} labelledBy="nav-admin" badges={badges} />
      <Text as="h2" className="sidebar-nav__section" id="nav-customer">
        Área do cliente
      </Text>
      {customer}
    </View>
  );
}

/** Each admin menu entry's count: the 'Hoje' queues it opens (domain/today.ts `menu`), 'Hoje' itself all of them. */
function useMenuBadges(enabled: boolean): Record<string, number> {
  const today = useAdminToday(enabled);
  const badges: Record<string, number> = {};
  for (const queue of today.data?.queues ?? []) {
    for (const path of new Set(['/admin', TODAY_QUEUES[queue.id].menu])) {
      badges[path] = (badges[path] ?? 0) + queue.count;
    }
  }
  return badges;
}

function NavList({
  items,
  onNavigate,
  labelledBy,
  badges = {},
}: {
  items: NavItem[];
  onNavigate: () => void;
  labelledBy?: string;
  badges?: Record<string, number>;
}) {
  return (
    <ul className="sidebar-nav__list" aria-labelledby={labelledBy}>
      {items.map((item) => {
        const count = badges[item.to] ?? 0;
        return (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="sidebar-nav__link" onClick={onNavigate}>
              {item.label}
              {count > 0 ? (
                <span className="sidebar-nav__badge" aria-label={`, ${count} pendentes`}>
                  {count}
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
