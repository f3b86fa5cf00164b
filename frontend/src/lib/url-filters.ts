import { useState, type Dispatch, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminListFilters } from '@/components/admin-list/admin-list-toolbar';

/**
 * One filter of a list kept in the URL (`?name=value`), so a reload, a shared link or 'Voltar' shows the same view.
 * Only a value among `allowed` is read; anything else is no filter. Other parameters of the URL are kept, and a change
 * replaces the history entry (a filter is a view of the page, not a page).
 */
export function useUrlParam<T extends string>(
  name: string,
  allowed: readonly T[],
): [T | undefined, (value: T | undefined) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(name);
  const value = allowed.includes(raw as T) ? (raw as T) : undefined;
  const set = (next: T | undefined) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === undefined) params.delete(name);
        else params.set(name, next);
        return params;
      },
      { replace: true },
    );
  return [value, set];
}

/**
 * An admin list's filters: the status in the URL (`?status=`, what 'Hoje' links to), the search term in the page's
 * state only. A search names a person, and a URL ends in CloudFront's access logs and the browser's history
 * (docs/decisions.md, Personal data out of URLs and logs; Filters in the URL).
 */
export function useListFilters<S extends string>(
  statuses: readonly S[],
): [AdminListFilters<S>, Dispatch<SetStateAction<AdminListFilters<S>>>] {
  const [status, setStatus] = useUrlParam('status', statuses);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const filters: AdminListFilters<S> = {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
  const setFilters: Dispatch<SetStateAction<AdminListFilters<S>>> = (action) => {
    const next = typeof action === 'function' ? action(filters) : action;
    setSearch(next.search || undefined);
    if (next.status !== status) setStatus(next.status);
  };
  return [filters, setFilters];
}
