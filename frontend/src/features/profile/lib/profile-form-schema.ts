import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { documentTypeSchema } from '@domain/schemas/entities.js';
import { newProfileSchema, profileDetailsSchema, type NewProfile } from '@domain/schemas/profile-input.js';

/**
 * Later saves check the details only: the document is read-only once the profile exists, so it passes through as it
 * was loaded (and is not sent).
 */
const profileUpdateSchema = profileDetailsSchema.extend({
  tipo_documento: documentTypeSchema.optional(),
  cpf: z.string(),
});

/** What a valid submit hands over: the parsed first save, or the parsed details with the document as loaded. */
export type ProfileFormOutput = NewProfile | z.output<typeof profileUpdateSchema>;

const createResolver = zodResolver(newProfileSchema);
const updateResolver = zodResolver(profileUpdateSchema);

/** The first save validates everything; later saves validate (and send) the details only. */
export const profileFormResolver = (isNew: boolean) => (isNew ? createResolver : updateResolver);
