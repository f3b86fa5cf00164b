import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES } from '@domain/messages.js';
import { useAdminSummary } from '@/lib/admin-summary';
import './admin-list.css';

/** One figure above an admin list; `id` names its test id (`counter-<id>`), `value` is undefined until loaded. */
export type AdminCounter = { id: string; label: string; value: number | string | undefined };

/**
 * The counters above an admin list: two a row on phones, then three, then all of them (three, four or six) side by
 * side. Every figure comes from the admin summary; when it could not be read, the figures stay '—' and a notice
 * offers to read it again (the summary query is shared, so this reads nothing more).
 */
export function AdminCounters({
  label,
  columns,
  counters,
}: {
  label: string;
  columns: 3 | 4 | 6;
  counters: AdminCounter[];
}) {
  const summary = useAdminSummary();
  return (
    <section className={`admin-counters admin-counters--${columns}`} aria-label={label}>
      {summary.isError ? (
        <Flex className="admin-counters__failure" role="alert" alignItems="center" gap="small" wrap="wrap">
          <Text fontSize="small" color="font.error">
            {ADMIN_MESSAGES.summaryLoadFailed}
          </Text>
          <Button size="small" onClick={() => void summary.refetch()}>
            Tentar novamente
          </Button>
        </Flex>
      ) : null}
      {counters.map((counter) => (
        <Card key={counter.id} variation="outlined" className="admin-counter">
          <Text fontSize="small" color="font.secondary">
            {counter.label}
          </Text>
          <Text className="admin-counter__value" data-testid={`counter-${counter.id}`}>
            {counter.value ?? '—'}
          </Text>
        </Card>
      ))}
    </section>
  );
}
