import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { ADMIN_SEARCH_MAX_LENGTH } from '@domain/api/admin-processes.js';
import { useState, type Dispatch, type SetStateAction } from 'react';
import './admin-list.css';

/** What an admin list is asked for: a search term and a status, each left out for "all". */
export type AdminListFilters<S extends string> = { search?: string; status?: S };

type Props<S extends string> = {
  searchLabel: string;
  searchPlaceholder: string;
  /** The status filter's choices in the order shown, by value. */
  statusLabels: Readonly<Record<S, string>>;
  filters: AdminListFilters<S>;
  onFiltersChange: Dispatch<SetStateAction<AdminListFilters<S>>>;
};

/**
 * The search box and the status filter above an admin list. A term is searched on 'Buscar' or Enter, not while it is
 * typed (each search is a request); a status applies at once.
 */
export function AdminListToolbar<S extends string>({
  searchLabel,
  searchPlaceholder,
  statusLabels,
  filters,
  onFiltersChange,
}: Props<S>) {
  const [term, setTerm] = useState(filters.search ?? '');
  return (
    <form
      className="admin-toolbar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onFiltersChange((current) => ({ ...current, search: term.trim() || undefined }));
      }}
    >
      <Flex gap="xs" alignItems="flex-end">
        <TextField
          flex="1"
          type="search"
          label={searchLabel}
          placeholder={searchPlaceholder}
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            // Emptied (or cleared with the field's own button): back to the whole list at once.
            if (!event.target.value.trim()) onFiltersChange((current) => ({ ...current, search: undefined }));
          }}
        />
        <Button type="submit">Buscar</Button>
      </Flex>
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) =>
          onFiltersChange((current) => ({ ...current, status: (event.target.value || undefined) as S | undefined }))
        }
      >
        <option value="">Todos os status</option>
        {(Object.entries(statusLabels) as [S, string][]).map(([status, label]) => (
          <option key={status} value={status}>
            {label}
          </option>
        ))}
      </SelectField>
    </form>
  );
}
