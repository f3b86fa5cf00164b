import { forwardRef, useEffect, useRef, useState } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { TOTP_CODE_PATTERN } from '@domain/auth.js';
import { SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { toastError } from '@/lib/toast';

type AuthenticatorCodeFieldProps = {
  value: string;
  onChange: (code: string) => void;
  hasError?: boolean;
};

/** Six digits from an authenticator app: numeric keyboard, one-time-code autofill, anything else dropped as typed. */
export const AuthenticatorCodeField = forwardRef<HTMLInputElement, AuthenticatorCodeFieldProps>(
  function AuthenticatorCodeField({ value, onChange, hasError = false }, ref) {
    return (
      <TextField
        ref={ref}
        label={SECOND_FACTOR_MESSAGES.codeLabel}
        descriptiveText={SECOND_FACTOR_MESSAGES.codeHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        maxLength={6}
        aria-required="true"
        hasError={hasError}
        className="authenticator-code-field"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
    );
  },
);

/**
 * The code field's state, shared by the sign-in step and the enrolment: focused on arrival; `take()` gives the code
 * once it has six digits (or marks the field and says so); `reject(message)` marks a refused code and clears it.
 */
export function useAuthenticatorCode() {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);

  const reject = (message: string) => {
    toastError(message);
    setInvalid(true);
    setCode('');
    ref.current?.focus();
  };
  const take = (): string | null => {
    if (TOTP_CODE_PATTERN.test(code)) return code;
    reject(SECOND_FACTOR_MESSAGES.codeRequired);
    return null;
  };
  const fieldProps = {
    ref,
    value: code,
    hasError: invalid,
    onChange: (next: string) => {
      setCode(next);
      setInvalid(false);
    },
  };
  return { take, reject, fieldProps };
}
