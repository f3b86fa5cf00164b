import { useRef, useState } from 'react';
import type { Path, UseFormSetValue } from 'react-hook-form';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { lookupPostalCode } from '../api/profile';
import type { ProfileFormValues } from '../lib/profile-form-values';

type CepState = 'idle' | 'searching' | 'not-found' | 'unavailable';

/**
 * The address filled from the CEP: 8 digits look it up once (the loaded profile's CEP is not looked up again), and the
 * hint under the field says it is searching or why nothing was filled.
 */
export function useCepAutofill({
  initialCep,
  setValue,
  validate,
}: {
  initialCep: string | undefined;
  setValue: UseFormSetValue<ProfileFormValues>;
  /** Whether a filled field is validated at once (after a first submit, as the form re-validates on change). */
  validate: () => boolean;
}) {
  const [cepState, setCepState] = useState<CepState>('idle');
  const lastCep = useRef(initialCep?.replace(/\D/g, '') ?? '');

  const fillFromCep = async (masked: string) => {
    const cep = masked.replace(/\D/g, '');
    if (cep.length !== 8 || cep === lastCep.current) return;
    lastCep.current = cep;
    setCepState('searching');
    try {
      const answer = await lookupPostalCode(cep);
      if (!answer.address) return setCepState(answer.unavailable ? 'unavailable' : 'not-found');
      const { street, neighborhood, city, state } = answer.address;
      const fill: [Path<ProfileFormValues>, string][] = [
        ['endereco', street],
        ['bairro', neighborhood],
        ['cidade', city],
        ['estado', state],
      ];
      for (const [field, value] of fill) {
        // Never wipe what the customer typed with an empty answer (a city-wide CEP has no street).
        if (value) setValue(field, value, { shouldDirty: true, shouldValidate: validate() });
      }
      setCepState('idle');
    } catch {
      // Fail soft: the fields stay editable and the form still saves.
      setCepState('unavailable');
    }
  };

  const cepHint =
    cepState === 'searching'
      ? 'Buscando endereço...'
      : cepState === 'not-found' || cepState === 'unavailable'
        ? PROFILE_MESSAGES.postalCodeNotFound
        : undefined;

  return { cepHint, onCepChange: (masked: string) => void fillFromCep(masked) };
}
