import { Outlet } from 'react-router';
import { AdminSearchBar } from '@/features/admin-search/components/admin-search-bar';

/** Every admin screen under the one search (issue 34 item 4): the search feature meets the admin screens here. */
export function AdminArea() {
  return (
    <>
      <AdminSearchBar />
      <Outlet />
    </>
  );
}
