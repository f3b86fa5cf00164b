import { Text, View } from '@aws-amplify/ui-react';
import { NavLink } from 'react-router';
import { ADMIN_NAV, CUSTOMER_NAV, type NavItem } from './nav-items';

type SidebarNavProps = { isAdmin: boolean; onNavigate: () => void };

export function SidebarNav({ isAdmin, onNavigate }: SidebarNavProps) {
  return (
    <View as="nav" aria-label="Menu principal" className="sidebar-nav">
      <NavList items={CUSTOMER_NAV} onNavigate={onNavigate} />
      {isAdmin && (
        <>
          <Text as="h2" className="sidebar-nav__section" id="nav-admin">
            Administração
          </Text>
          <NavList items={ADMIN_NAV} onNavigate={onNavigate} labelledBy="nav-admin" />
        </>
      )}
    </View>
  );
}

function NavList({ items, onNavigate, labelledBy }: { items: NavItem[]; onNavigate: () => void; labelledBy?: string }) {
  return (
    <ul className="sidebar-nav__list" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="sidebar-nav__link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
