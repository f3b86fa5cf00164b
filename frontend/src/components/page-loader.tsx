import { Flex, Loader, Text } from '@aws-amplify/ui-react';

export function PageLoader({ label = 'Carregando...' }: { label?: string }) {
  return (
    <Flex
      role="status"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="small"
      padding="xxl"
      minHeight="40vh"
    >
      <Loader size="large" aria-hidden="true" />
      <Text color="font.secondary">{label}</Text>
    </Flex>
  );
}
