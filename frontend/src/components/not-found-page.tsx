import { Flex, Heading } from '@aws-amplify/ui-react';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { usePageTitle } from '@/lib/page-title';
import { ButtonLink } from './links';

export function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <Flex
      as="main"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="large"
      padding="large"
      minHeight="100vh"
    >
      <Heading level={1} fontSize="xxl" textAlign="center">
        {SHELL_MESSAGES.notFound}
      </Heading>
      <ButtonLink to="/" variation="primary">
        {SHELL_MESSAGES.returnHome}
      </ButtonLink>
    </Flex>
  );
}
