import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { TOTP_CODE_PATTERN } from '@domain/auth.js';
import { SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { toastError } from '@/lib/toast';
import { useConfirmAuthenticatorCode } from '../api/second-factor';
import { authenticatorCodeOutcome } from '../lib/auth-errors';
import { AuthenticatorCodeField } from './authenticator-code-field';

type AuthenticatorCodeFormProps = {
  email: string;
  /** Back to the password form: the user asked, or the sign-in expired. */
  onRestart: () => void;
};

/** The second step of an admin's sign-in. Success stores the session, and AuthPage moves on by itself. */
export function AuthenticatorCodeForm({ email, onRestart }: AuthenticatorCodeFormProps) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const confirm = useConfirmAuthenticatorCode();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!TOTP_CODE_PATTERN.test(code)) {
      setInvalid(true);
      toastError(SECOND_FACTOR_MESSAGES.codeRequired);
      field.current?.focus();
      return;
    }
    confirm.mutate(code, {
      onError: (error) => {
        const outcome = authenticatorCodeOutcome(error);
        toastError(outcome.message);
        if (outcome.restart) return onRestart();
        setInvalid(true);
        setCode('');
        field.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={SECOND_FACTOR_MESSAGES.setupTitle}>
      <Flex direction="column" gap="medium">
        <Text color="font.secondary" textAlign="center" className="auth-email-text">
          {email}
        </Text>
        <AuthenticatorCodeField
          ref={field}
          value={code}
          hasError={invalid}
          onChange={(next) => {
            setCode(next);
            setInvalid(false);
          }}
        />
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
