import { Outlet } from 'react-router';
import { AdminSearchBar } from '@/features/admin-search/components/admin-search-bar';

/** Every admin screen under the one search: the search feature meets the admin screens here. */
export function AdminArea() {
  return (
    <>
      <AdminSearchBar />
      <Outlet />
    </>
  );
}
