import { Card, Text } from '@aws-amplify/ui-react';
import './admin-list.css';

/** One figure above an admin list; `id` names its test id (`counter-<id>`), `value` is undefined until loaded. */
export type AdminCounter = { id: string; label: string; value: number | string | undefined };

/** The counters above an admin list: two a row on phones, then three, then all of them (four or six) side by side. */
export function AdminCounters({
  label,
  columns,
  counters,
}: {
  label: string;
  columns: 4 | 6;
  counters: AdminCounter[];
}) {
  return (
    <section className={`admin-counters admin-counters--${columns}`} aria-label={label}>
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
