import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_MESSAGES, API_MESSAGES } from '../../../domain/messages.js';
import { ApiRequestError } from '../../../frontend/src/lib/api-error.js';
import { adminAccessRefusal } from '../../../frontend/src/features/shell/lib/admin-access.js';

describe('adminAccessRefusal: when an admin screen must give way', () => {
  it("takes a 403 as the API's refusal and keeps its pt-BR message (a demoted admin's, or any other)", () => {
    const removed = new ApiRequestError(403, 'forbidden', ADMIN_ACCESS_MESSAGES.removed);
    expect(adminAccessRefusal(removed)).toBe(ADMIN_ACCESS_MESSAGES.removed);
    expect(adminAccessRefusal(new ApiRequestError(403, 'forbidden', API_MESSAGES.forbidden))).toBe(
      API_MESSAGES.forbidden,
    );
  });

  it('leaves every other failure to the screen that made the call', () => {
    expect(adminAccessRefusal(new ApiRequestError(401, 'unauthorized', API_MESSAGES.unauthorized))).toBeNull();
    expect(adminAccessRefusal(new ApiRequestError(409, 'conflict', 'Outro admin mudou este processo.'))).toBeNull();
    expect(adminAccessRefusal(new ApiRequestError(500, 'internal', API_MESSAGES.unexpected))).toBeNull();
    expect(adminAccessRefusal(new Error('rede'))).toBeNull();
    expect(adminAccessRefusal(null)).toBeNull();
  });
});
