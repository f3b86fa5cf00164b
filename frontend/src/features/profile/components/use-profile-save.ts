import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { ApiRequestError, isRefusal } from '@/lib/api-error';
import { clearReferralCodes, storedReferralCodes } from '@/lib/referral-storage';
import { toast, toastApiError } from '@/lib/toast';
import { useCreateProfile, useUpdateProfile } from '../api/profile';
import type { ProfileFormOutput } from '../lib/profile-form-schema';
import { isProfileFormField, type ProfileFormValues } from '../lib/profile-form-values';

/**
 * Sending a valid form: the first save creates the profile (with the referral kept from sign-up) and goes on to the
 * contract; a later one updates the details. What the server refuses of a field goes under it (`onFieldsRefused`).
 */
export function useProfileSave({
  isNew,
  setError,
  onFieldsRefused,
}: {
  isNew: boolean;
  setError: UseFormSetError<ProfileFormValues>;
  onFieldsRefused: () => void;
}) {
  const navigate = useNavigate();
  const createProfile = useCreateProfile();
  const updateProfile = useUpdateProfile();

  // The fields the server refused, and a taken document, go under their fields and into the summary; any other refusal
  // (a deleted account...) or failure is what the save answered: a toast.
  const showServerError = (error: unknown) => {
    const fields =
      error instanceof ApiRequestError ? Object.entries(error.fields ?? {}).filter(([f]) => isProfileFormField(f)) : [];
    if (isRefusal(error, 'document_in_use')) fields.push(['cpf', error.message]);
    for (const [field, message] of fields) setError(field as keyof ProfileFormValues, { type: 'server', message });
    if (fields.length > 0) return onFieldsRefused();
    toastApiError(error, PROFILE_MESSAGES.saveFailed);
  };

  const save = async (values: ProfileFormOutput) => {
    if (isNew) {
      try {
        await createProfile.mutateAsync({ ...values, ...storedReferralCodes() });
        clearReferralCodes();
        toast({
          title: PROFILE_MESSAGES.created,
          description: PROFILE_MESSAGES.createdDescription,
          variant: 'success',
        });
        void navigate('/app/contrato');
      } catch (error) {
        showServerError(error);
      }
      return;
    }
    const { tipo_documento: _type, cpf: _document, ...details } = values;
    try {
      await updateProfile.mutateAsync(details);
      toast({ title: PROFILE_MESSAGES.updated, variant: 'success' });
    } catch (error) {
      showServerError(error);
    }
  };

  return { save, saving: createProfile.isPending || updateProfile.isPending };
}
