import { getRouteApi, Link } from '@tanstack/react-router';
const route = getRouteApi('/invoices');
export function Probe() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const s: number = search.page;
  navigate({ search: (prev) => ({ ...prev, page: 2, bogus: 1 }) });
  return <Link to="/invoices/$id" params={{ id: '1' }} search={{ nope: 1 }}>x</Link>;
}
