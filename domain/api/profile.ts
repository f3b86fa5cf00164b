import * as z from 'zod';
import { contractSchema, profileSchema } from '../schemas/entities.js';
import { newProfileSchema, profileDetailsSchema } from '../schemas/profile-input.js';
import { defineRoute } from './route.js';

const ownProfileSchema = z.object({
  /** The verified e-mail of the signed-in account (shown read-only; changed through its own confirmation). */
  email: z.string(),
  profile: profileSchema.nullable(),
});

/** /app/perfil: the caller's profile, or null before the first save (one GetItem). */
export const getProfileRoute = defineRoute({
  id: 'GetProfile',
  method: 'GET',
  path: '/me/profile',
  access: 'customer',
  response: ownProfileSchema,
});

/** First save: the profile, its guards and the initial unsigned contract with its process, in one transaction. */
export const createProfileRoute = defineRoute({
  id: 'CreateProfile',
  method: 'POST',
  path: '/me/profile',
  access: 'customer',
  body: newProfileSchema,
  response: z.object({ profile: profileSchema, contract: contractSchema }),
});

/** Later saves: everything but the document, which is never sent again. */
export const updateProfileRoute = defineRoute({
  id: 'UpdateProfile',
  method: 'PUT',
  path: '/me/profile',
  access: 'customer',
  body: profileDetailsSchema,
  response: z.object({ profile: profileSchema }),
});
