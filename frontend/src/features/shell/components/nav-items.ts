import { DASHBOARD_MESSAGES } from '@domain/messages.js';

export type NavItem = {
  to: string;
  label: string;
  /** Active only on this exact path ('Hoje' is /admin itself). */ end?: boolean;
};

/** Spec 01 §2 "Authenticated app layout". */
export const CUSTOMER_NAV: NavItem[] = [
  { to: '/app/dashboard', label: DASHBOARD_MESSAGES.title },
  { to: '/app/perfil', label: 'Meu Perfil' },
  { to: '/app/contrato', label: 'Contrato' },
  { to: '/app/pagamento', label: 'Pagamento' },
  { to: '/app/documentos', label: 'Documentos' },
  { to: '/app/renovacao', label: 'Renovação' },
  { to: '/app/indique', label: 'Indique e Ganhe' },
  { to: '/app/historico', label: 'Histórico' },
];

export const ADMIN_NAV: NavItem[] = [
  { to: '/admin', label: 'Hoje', end: true },
  { to: '/admin/clientes', label: 'Clientes' },
  { to: '/admin/processos', label: 'Processos' },
  { to: '/admin/financeiro', label: 'Financeiro' },
  { to: '/admin/indicacoes', label: 'Indicações' },
];
