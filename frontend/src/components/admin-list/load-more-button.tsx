import { Button } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES } from '@domain/messages.js';

/** The part of an infinite query that pages on: React Query's own fields. */
export type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** 'Carregar mais' under an admin list while the server gave a cursor: the next page is asked with it. */
export function LoadMoreButton({ list }: { list: PagedList }) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      alignSelf="center"
      isLoading={list.isFetchingNextPage}
      loadingText="Carregando..."
      onClick={() => void list.fetchNextPage()}
    >
      {ADMIN_MESSAGES.loadMore}
    </Button>
  );
}
