import { Alert, Button, Divider, Text } from '@aws-amplify/ui-react';
import { AUTH_MESSAGES } from '@domain/messages.js';

type LoginAlternativesProps = {
  /** Another request or a sign-in is under way: the other buttons wait. */
  busy: boolean;
  onMagicLink: () => void;
  magicLinkPending: boolean;
  /** The address the last magic link went to, or null. */
  magicLinkSentTo: string | null;
  onPasswordReset: () => void;
  passwordResetPending: boolean;
};

/** Below 'Entrar': the magic link (and where it went) and 'Esqueci minha senha'. */
export function LoginAlternatives({
  busy,
  onMagicLink,
  magicLinkPending,
  magicLinkSentTo,
  onPasswordReset,
  passwordResetPending,
}: LoginAlternativesProps) {
  return (
    <>
      <Divider label="ou" size="small" />
      <Button
        type="button"
        size="large"
        isFullWidth
        onClick={onMagicLink}
        isDisabled={busy && !magicLinkPending}
        isLoading={magicLinkPending}
        loadingText="Enviando link..."
      >
        Entrar com Link Mágico
      </Button>
      {magicLinkSentTo && (
        <Alert variation="success" role="status" heading={AUTH_MESSAGES.magicLinkSent}>
          <Text as="span" fontSize="small" className="auth-email-text" fontWeight="semibold" display="block">
            {magicLinkSentTo}
          </Text>
          <Text as="span" fontSize="small">
            {AUTH_MESSAGES.magicLinkSentDescription}
          </Text>
        </Alert>
      )}
      <Button
        type="button"
        variation="link"
        size="small"
        alignSelf="center"
        onClick={onPasswordReset}
        isDisabled={busy && !passwordResetPending}
        isLoading={passwordResetPending}
        loadingText="Enviando email..."
      >
        Esqueci minha senha
      </Button>
    </>
  );
}
