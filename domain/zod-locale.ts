import * as z from 'zod';
import pt from 'zod/v4/locales/pt.js';

/**
 * zod's own messages (a wrong type, a malformed e-mail…) in Portuguese, wherever a schema has no message of the
 * domain's: a person must never read "Invalid input: expected string". Imported for its side effect by every entry
 * that parses input (the API wrappers, the SPA's main); zod keeps the setting process-wide.
 */
z.config(pt());
