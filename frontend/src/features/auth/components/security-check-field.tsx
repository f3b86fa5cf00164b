import { Button, TextField } from '@aws-amplify/ui-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { securityCheckQuestion, type SecurityCheck } from '../lib/security-check';

type SecurityCheckFieldProps = {
  check: SecurityCheck;
  onRefresh: () => void;
  registration: UseFormRegisterReturn<'checkAnswer'>;
  solved: boolean;
  /** What is wrong with the answer, said under the field. */
  errorMessage: string | undefined;
};

export function SecurityCheckField({ check, onRefresh, registration, solved, errorMessage }: SecurityCheckFieldProps) {
  return (
    <TextField
      label={securityCheckQuestion(check)}
      descriptiveText={solved ? 'Verificação concluída.' : 'Verificação de segurança: responda para continuar.'}
      inputMode="numeric"
      autoComplete="off"
      maxLength={2}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      {...registration}
      outerEndComponent={
        <Button type="button" onClick={onRefresh} aria-label="Gerar nova verificação" title="Gerar nova verificação">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Button>
      }
    />
  );
}
