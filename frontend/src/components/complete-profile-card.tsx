import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ButtonLink } from '@/components/links';

/**
 * What a screen that needs the profile shows before it exists: why, and 'Completar perfil' to /app/perfil. The words
 * are the screen's own (the contract, the renewal and the referral screens say it differently).
 */
export function CompleteProfileCard({ title, message }: { title?: string; message: string }) {
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="small" alignItems="flex-start">
        {title ? (
          <Heading level={2} fontSize="large">
            {title}
          </Heading>
        ) : null}
        <Text color={title ? 'font.secondary' : undefined}>{message}</Text>
        <ButtonLink to="/app/perfil" variation="primary">
          Completar perfil
        </ButtonLink>
      </Flex>
    </Card>
  );
}
