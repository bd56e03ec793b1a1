import type { SvgIconComponent } from '@mui/icons-material';
import AddIcon from '@mui/icons-material/Add';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CandlestickIcon from '@mui/icons-material/CandlestickChartOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DnsIcon from '@mui/icons-material/DnsOutlined';
import LanIcon from '@mui/icons-material/LanOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import SupportIcon from '@mui/icons-material/SupportAgentOutlined';
import SwapIcon from '@mui/icons-material/SwapHoriz';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import VpnLockIcon from '@mui/icons-material/VpnLockOutlined';

export interface NavItem {
  /** `nav.<key>` in the shell namespace. */
  key: string;
  to: string;
  icon: SvgIconComponent;
  /** Other path prefixes that belong to this entry, e.g. an instance's pages belong to Services. */
  alsoFor?: string[];
}

export interface NavSection {
  /** `nav.sections.<key>`; a section without a key is a plain group. */
  key?: string;
  items: NavItem[];
}

export const newService = { key: 'newService', to: '/createinstance', icon: AddIcon } as const;

/**
 * The sidebar of platform.md §2, in its order, with one entry per page: the spec's "Credit History"
 * opened the very page of "Billing > Transactions" (which names itself so), and is left out. The
 * Solutions screens (§2 "Other screens") have a section of their own after Management.
 */
export const navigation: NavSection[] = [
  { items: [{ key: 'dashboard', to: '/dashboard', icon: DashboardIcon }] },
  {
    key: 'management',
    items: [
      {
        key: 'services',
        to: '/services/instanceList',
        icon: DnsIcon,
        alsoFor: ['/services', '/instances', '/instance-deletion'],
      },
      { key: 'sshKeys', to: '/sshkeys', icon: KeyIcon },
      { key: 'ipManagement', to: '/ip-management', icon: LanIcon },
      { key: 'applications', to: '/applications', icon: AppsIcon },
    ],
  },
  {
    key: 'solutions',
    items: [
      { key: 'vpnProxy', to: '/solutions/vpn-proxy', icon: VpnLockIcon },
      { key: 'forexVps', to: '/solutions/forex-vps', icon: CandlestickIcon },
    ],
  },
  {
    key: 'billing',
    items: [
      { key: 'invoices', to: '/invoices', icon: ReceiptIcon },
      { key: 'payments', to: '/payments', icon: PaymentsIcon },
      { key: 'transactions', to: '/transactions', icon: SwapIcon },
      { key: 'autoRecharge', to: '/auto-recharge', icon: AutorenewIcon },
    ],
  },
  { items: [{ key: 'support', to: '/support', icon: SupportIcon }] },
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function isActive(item: NavItem, pathname: string) {
  return [item.to, ...(item.alsoFor ?? [])].some((prefix) => under(pathname, prefix));
}
