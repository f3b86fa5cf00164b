import { Button, Flex, SearchField } from '@aws-amplify/ui-react';
import '../admin-search.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ADMIN_SEARCH_MESSAGES as M, ADMIN_SEARCH_PATH } from '@domain/api/admin-search.js';

/** Whether a key press happened while the person types somewhere: '/' then belongs to the text. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The admin header's one search (docs/decisions.md, "One admin search: protocol pieces and CNJ numbers as tokens"): on
 * every admin screen, '/' focuses it (as on GitHub or Gmail), and Enter shows the answer on /admin/busca?q=…, grouped
 * by client.
 */
export function AdminSearchBar() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [term, setTerm] = useState(params.get('q') ?? '');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      // A modal dialog keeps the keyboard to itself.
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const submit = () => {
    const q = term.trim();
    if (q) void navigate(`${ADMIN_SEARCH_PATH}?${new URLSearchParams({ q }).toString()}`);
  };

  return (
    <Flex
      as="form"
      role="search"
      aria-label={M.label}
      className="admin-search-bar"
      gap="xs"
      alignItems="flex-end"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SearchField
        ref={input}
        label={M.label}
        labelHidden
        placeholder={M.placeholder}
        descriptiveText={M.shortcutHint}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onClear={() => setTerm('')}
        // The field keeps Enter to itself (it never reaches the form): it submits through here.
        onSubmit={submit}
        hasSearchButton={false}
        size="small"
        flex="1"
        autoComplete="off"
      />
      <Button type="submit" size="small" variation="primary">
        {M.submit}
      </Button>
    </Flex>
  );
}
