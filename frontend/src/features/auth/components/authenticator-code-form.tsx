import type { FormEvent } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { toastError } from '@/lib/toast';
import { useConfirmAuthenticatorCode } from '../api/second-factor';
import { authenticatorCodeOutcome } from '../lib/auth-errors';
import { AuthenticatorCodeField, useAuthenticatorCode } from './authenticator-code-field';

type AuthenticatorCodeFormProps = {
  email: string;
  /** Back to the password form: the user asked, or the sign-in expired. */
  onRestart: () => void;
};

/** The second step of an admin's sign-in. Success stores the session, and AuthPage moves on by itself. */
export function AuthenticatorCodeForm({ email, onRestart }: AuthenticatorCodeFormProps) {
  const authenticatorCode = useAuthenticatorCode();
  const confirm = useConfirmAuthenticatorCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = authenticatorCode.take();
    if (!code) return;
    confirm.mutate(code, {
      onError: (error) => {
        const outcome = authenticatorCodeOutcome(error);
        if (!outcome.restart) return authenticatorCode.reject(outcome.message);
        toastError(outcome.message);
        onRestart();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={SECOND_FACTOR_MESSAGES.setupTitle}>
      <Flex direction="column" gap="medium">
        <Text color="font.secondary" textAlign="center" className="auth-email-text">
          {email}
        </Text>
        <AuthenticatorCodeField {...authenticatorCode.fieldProps} />
        <Button
          type="submit"
          variation="primary"
          size="large"
          isFullWidth
          isLoading={confirm.isPending}
          loadingText={SECOND_FACTOR_MESSAGES.confirmingCode}
        >
          {SECOND_FACTOR_MESSAGES.confirmCode}
        </Button>
        <Button type="button" variation="link" size="small" alignSelf="center" onClick={onRestart}>
          {SECOND_FACTOR_MESSAGES.backToLogin}
        </Button>
      </Flex>
    </form>
  );
}
