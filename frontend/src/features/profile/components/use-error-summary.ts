import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { PROFILE_FIELD_LABELS, type ProfileFormValues } from '../lib/profile-form-values';
import type { SummaryItem } from './profile-error-summary';

/**
 * The error summary of a refused save: its lines (every field's problem, in the form's order) and the focus it takes.
 * `refused` counts each refusal (the form's or the server's), so the summary takes the focus again every time.
 */
export function useErrorSummary(
  errors: FieldErrors<ProfileFormValues>,
  documentType: ProfileFormValues['tipo_documento'],
) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  const focusedRefusal = useRef(0);
  // The errors may reach the form's state a render after the count: the focus waits for the summary to be there.
  useEffect(() => {
    if (refusals > focusedRefusal.current && summaryRef.current) {
      focusedRefusal.current = refusals;
      summaryRef.current.focus();
    }
  });
  const summaryItems: SummaryItem[] = (Object.keys(PROFILE_FIELD_LABELS) as (keyof ProfileFormValues)[]).flatMap(
    (name) => {
      const message = errors[name]?.message;
      if (!message) return [];
      const label = name === 'cpf' && documentType === 'cnpj' ? 'CNPJ' : PROFILE_FIELD_LABELS[name];
      return [{ name, label, message }];
    },
  );
  return {
    summaryRef,
    summaryItems,
    /** Shown once a save was refused, while any problem is left. */
    showSummary: summaryItems.length > 0 && refusals > 0,
    refused: () => setRefusals((count) => count + 1),
  };
}
