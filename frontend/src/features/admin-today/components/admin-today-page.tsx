import { Badge, Button, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TodayItem, TodayQueue } from '@domain/api/admin-today.js';
import { TODAY_MESSAGES, TODAY_QUEUES } from '@domain/today.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { StatusChangeDialog, statusChangeSubjectOf } from '@/components/status-change-dialog';
import { useAdminToday } from '@/lib/admin-today';
import '../admin-today.css';

/**
 * 'Hoje' (/admin, where an admin lands): each queue with its count (linked to the filtered list) and its oldest items;
 * late ones in red. A paid process waiting for its filing is filed from here ('Marcar peticionado', the guarded status
 * dialog) and leaves the queue.
 */
export function AdminTodayPage() {
  const today = useAdminToday();
  const [filing, setFiling] = useState<TodayItem | null>(null);
  return (
    <Flex direction="column" gap="large">
      <PageHeader title={TODAY_MESSAGES.title} subtitle={TODAY_MESSAGES.subtitle} />
      {today.isPending ? (
        <PageLoader label={TODAY_MESSAGES.loading} />
      ) : today.isError ? (
        <LoadError message={TODAY_MESSAGES.loadFailed} onRetry={() => void today.refetch()} />
      ) : (
        <div className="today-queues">
          {today.data.queues.map((queue) => (
            <QueueCard key={queue.id} queue={queue} onFile={setFiling} />
          ))}
        </div>
      )}
      {filing?.process ? (
        <StatusChangeDialog
          subject={statusChangeSubjectOf(filing.process)}
          to="peticionado"
          onClose={() => {
            const id = filing.id;
            setFiling(null);
            document.getElementById(`file-${id}`)?.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}

function QueueCard({ queue, onFile }: { queue: TodayQueue; onFile: (item: TodayItem) => void }) {
  const words = TODAY_QUEUES[queue.id];
  const headingId = `queue-${queue.id}`;
  const rest = queue.count - queue.items.length;
  return (
    <View as="section" className="today-queue" aria-labelledby={headingId} data-queue={queue.id}>
      <Flex direction="column" alignItems="flex-start" gap="0">
        <Heading level={2} fontSize="large" id={headingId}>
          {words.title}
        </Heading>
        <Link
          to={words.href}
          className="today-queue__count"
          aria-label={`${queue.count} ${words.countLabel}: ${words.linkLabel}`}
        >
          <span className="today-queue__number">{queue.count}</span>
          {queue.late > 0 ? (
            <Badge size="small" variation="error">
              {queue.late} {queue.late === 1 ? 'atrasado' : 'atrasados'}
            </Badge>
          ) : null}
        </Link>
      </Flex>
      {queue.items.length === 0 ? (
        <Text color="font.secondary">{words.empty}</Text>
      ) : (
        <ol className="today-queue__items">
          {queue.items.map((item) => (
            <li key={item.id} className="today-item" data-late={item.deadline?.late ?? false}>
              <div className="today-item__what">
                <Link to={item.href} className="today-item__title">
                  {item.title}
                </Link>
                {item.subtitle ? <Text fontSize="small">{item.subtitle}</Text> : null}
                {item.deadline ? (
                  <Text fontSize="small" className="today-item__deadline">
                    {item.deadline.label}
                  </Text>
                ) : null}
              </div>
              {item.process ? (
                <Button
                  id={`file-${item.id}`}
                  size="small"
                  className="today-item__action"
                  aria-label={`${TODAY_MESSAGES.fileAction}: ${item.title}`}
                  onClick={() => onFile(item)}
                >
                  {TODAY_MESSAGES.fileAction}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Link to={words.href} className="today-queue__more">
        {rest > 0 ? `${TODAY_MESSAGES.more(rest)} · ${words.linkLabel}` : words.linkLabel}
      </Link>
    </View>
  );
}
