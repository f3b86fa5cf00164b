import { forwardRef } from 'react';
import { TextField } from '@aws-amplify/ui-react';
import { SECOND_FACTOR_MESSAGES } from '@domain/messages.js';

type AuthenticatorCodeFieldProps = {
  value: string;
  onChange: (code: string) => void;
  hasError?: boolean;
  label?: string;
};

/** Six digits from an authenticator app: numeric keyboard, one-time-code autofill, anything else dropped as typed. */
export const AuthenticatorCodeField = forwardRef<HTMLInputElement, AuthenticatorCodeFieldProps>(
  function AuthenticatorCodeField(
    { value, onChange, hasError = false, label = SECOND_FACTOR_MESSAGES.codeLabel },
    ref,
  ) {
    return (
      <TextField
        ref={ref}
        label={label}
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
