import { Alert, Button, Flex, Heading, Text, ThemeProvider } from '@aws-amplify/ui-react';
import { theme } from '@/lib/theme';

/** Shown when /config.json is missing or invalid: without it there is no API or user pool to talk to. */
export function ConfigErrorScreen() {
  return (
    <ThemeProvider theme={theme}>
      <Flex as="main" direction="column" alignItems="center" justifyContent="center" minHeight="100vh" padding="large">
        <Flex direction="column" gap="medium" maxWidth="32rem">
          <Heading level={1} fontSize="xl">
            Não foi possível iniciar o aplicativo
          </Heading>
          <Alert variation="error" role="alert">
            A configuração do sistema não pôde ser carregada. Verifique sua conexão e tente novamente.
          </Alert>
          <Text color="font.secondary">Se o problema persistir, entre em contato com o suporte.</Text>
          <Button variation="primary" alignSelf="flex-start" onClick={() => window.location.reload()}>
            Recarregar página
          </Button>
        </Flex>
      </Flex>
    </ThemeProvider>
  );
}
