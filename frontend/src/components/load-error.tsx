import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';

/** A screen whose data did not load: the spec's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variation="error" role="alert">
      <Flex direction="column" gap="small">
        <Text as="span">{message}</Text>
        <Button size="small" alignSelf="flex-start" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Flex>
    </Alert>
  );
}
