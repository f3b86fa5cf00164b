import { Alert, Card, Text } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { LoadMoreButton } from './load-more-button';

/** An admin list's pages as React Query keeps them: each page is `{ items, cursor }`. */
export type AdminListQuery<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[] }, unknown>, Error>;

type Props<T> = {
  list: AdminListQuery<T>;
  loadingLabel: string;
  /** The spec's message when the list does not load (with a way to try again). */
  loadFailed: string;
  empty: string;
  /** The table of the rows read so far. */
  children: (rows: T[]) => ReactNode;
};

/**
 * What stands below an admin list's toolbar: a loader, the server's refusal of a search (400: its own words, e.g. a
 * term too short), a load failure, the empty state, or the rows and 'Carregar mais'.
 */
export function AdminListResults<T>({ list, loadingLabel, loadFailed, empty, children }: Props<T>) {
  if (list.isPending) return <PageLoader label={loadingLabel} />;
  // A failed 'Carregar mais' keeps the rows already read (below); only a failed first page replaces them.
  if (list.isError && !list.data) {
    return list.error instanceof ApiRequestError && list.error.status === 400 ? (
      <Alert variation="warning" role="alert">
        {list.error.message}
      </Alert>
    ) : (
      <LoadError message={loadFailed} onRetry={() => void list.refetch()} />
    );
  }
  const rows = list.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <Card variation="outlined">
        <Text color="font.secondary">{empty}</Text>
      </Card>
    );
  }
  return (
    <>
      {children(rows)}
      <LoadMoreButton list={list} />
      {list.isFetchNextPageError ? (
        <Text color="font.error" role="alert">
          {loadFailed}
        </Text>
      ) : null}
    </>
  );
}
