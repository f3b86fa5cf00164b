import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES } from '@domain/messages.js';
import './admin-list.css';

/** One figure above an admin list; `id` names its test id (`counter-<id>`), `value` is undefined until loaded. */
export type AdminCounter = { id: string; label: string; value: number | string | undefined };

/**
 * The counters above an admin list: two a row on phones, then three, then all of them (three, four or six) side by
 * side. When the summary could not be read, the figures stay '—' and a notice offers to read it again.
 */
export function AdminCounters({
  label,
  columns,
  counters,
  onRetry,
}: {
  label: string;
  columns: 3 | 4 | 6;
  counters: AdminCounter[];
  /** Given when the figures failed to load. */
  onRetry?: () => void;
}) {
  return (
    <section className={`admin-counters admin-counters--${columns}`} aria-label={label}>
      {onRetry ? (
        <Flex className="admin-counters__failure" role="alert" alignItems="center" gap="small" wrap="wrap">
          <Text fontSize="small" color="font.error">
            {ADMIN_MESSAGES.summaryLoadFailed}
          </Text>
          <Button size="small" onClick={onRetry}>
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
