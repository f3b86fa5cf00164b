import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { AuthError } from 'aws-amplify/auth';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { useResendSignUpEmail } from '../api/sign-up';
import { authRequestErrorMessage } from '../lib/auth-errors';

type CheckEmailPanelProps = {
  /** The address the confirmation link went to. */
  email: string;
  /** 'E-mail errado?': back to the sign-up form with this address to correct. */
  onWrongEmail: () => void;
  /** 'Já confirmei': the login form with this address. */
  onLogin: () => void;
};

/**
 * 'Confira seu e-mail', after sign-up: the address the link went to (a typo shows here, not in a lost e-mail), a
 * resend, a way to correct the address, and the way on once confirmed. What a resend answered stays beside its button.
 */
export function CheckEmailPanel({ email, onWrongEmail, onLogin }: CheckEmailPanelProps) {
  const resend = useResendSignUpEmail();
  const alreadyConfirmed =
    resend.error instanceof AuthError &&
    resend.error.name === 'InvalidParameterException' &&
    /already confirmed/i.test(resend.error.message);

  return (
    <Flex direction="column" gap="medium">
      <Flex direction="column" gap="xs" textAlign="center">
        <Text>{AUTH_MESSAGES.checkEmailSentTo}</Text>
        <Text fontWeight="bold" className="auth-email-text">
          {email}
        </Text>
        <Text color="font.secondary" fontSize="small">
          {AUTH_MESSAGES.checkEmailHowTo}
        </Text>
      </Flex>
      <Button
        size="large"
        isFullWidth
        isLoading={resend.isPending}
        loadingText={AUTH_MESSAGES.resendingEmail}
        onClick={() => resend.mutate(email)}
      >
        {AUTH_MESSAGES.resendEmail}
      </Button>
      {resend.isSuccess && (
        <Alert variation="success" role="status">
          {AUTH_MESSAGES.emailResent}
        </Alert>
      )}
      {resend.isError && (
        <Alert variation="error" role="alert">
          {alreadyConfirmed
            ? AUTH_MESSAGES.alreadyConfirmed
            : authRequestErrorMessage(resend.error, AUTH_MESSAGES.resendFailed)}
        </Alert>
      )}
      <Button variation="primary" size="large" isFullWidth onClick={onLogin}>
        {AUTH_MESSAGES.confirmedGoToLogin}
      </Button>
      <Button variation="link" size="small" alignSelf="center" onClick={onWrongEmail}>
        {AUTH_MESSAGES.wrongEmail}
      </Button>
    </Flex>
  );
}
