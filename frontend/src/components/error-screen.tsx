import { Button, Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { SHELL_MESSAGES } from '@domain/messages.js';

type ErrorScreenProps = { error: unknown; onRetry: () => void };

/** Spec 01 §2 "Error screen": what users see when rendering fails. */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  const details = error instanceof Error ? error.message : String(error);
  return (
    <Flex role="alert" justifyContent="center" alignItems="center" padding="large" minHeight="60vh">
      <Card variation="outlined" maxWidth="32rem" width="100%" padding="xl">
        <Flex direction="column" gap="medium">
          <Heading level={1} fontSize="xl">
            {SHELL_MESSAGES.renderErrorTitle}
          </Heading>
          <Text>{SHELL_MESSAGES.renderErrorDescription}</Text>
          <details className="error-details">
            <summary>{SHELL_MESSAGES.technicalDetails}</summary>
            <View as="pre" className="error-details__message">
              {details}
            </View>
          </details>
          <Flex gap="small" wrap="wrap">
            <Button variation="primary" onClick={onRetry}>
              {SHELL_MESSAGES.tryAgain}
            </Button>
            <Button onClick={() => window.location.reload()}>{SHELL_MESSAGES.reloadPage}</Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
