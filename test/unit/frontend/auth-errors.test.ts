import { describe, expect, it } from 'vitest';
import { AuthError } from 'aws-amplify/auth';
import { API_MESSAGES, AUTH_MESSAGES, SECOND_FACTOR_MESSAGES } from '../../../domain/messages.js';
import {
  authenticatorCodeOutcome,
  authErrorOutcome,
  authRequestErrorMessage,
  enrolmentErrorMessage,
  unconfirmedUserError,
  unsupportedSignInStepError,
} from '../../../frontend/src/features/auth/lib/auth-errors.js';

const cognitoError = (name: string) => new AuthError({ name, message: `${name} from Cognito` });

describe('authErrorOutcome (spec 01 §8)', () => {
  it('sends an already registered e-mail to login', () => {
    expect(authErrorOutcome(cognitoError('UsernameExistsException'))).toEqual({
      message: 'Este email já está cadastrado. Faça login.',
      switchToLogin: true,
    });
  });

  it.each(['NotAuthorizedException', 'UserNotFoundException'])('reads %s as wrong credentials', (name) => {
    expect(authErrorOutcome(cognitoError(name))).toEqual({
      message: 'Email ou senha incorretos.',
      switchToLogin: false,
    });
  });

  it('asks an unconfirmed user to use the confirmation link', () => {
    expect(authErrorOutcome(cognitoError('UserNotConfirmedException')).message).toBe(
      'Verifique seu email e clique no link de confirmação.',
    );
    // Amplify reports this case as a sign-in step; the helper turns it back into the same message.
    expect(authErrorOutcome(unconfirmedUserError()).message).toBe(AUTH_MESSAGES.emailNotConfirmed);
  });

  it.each(['InvalidPasswordException', 'LimitExceededException', 'EmptySignInUsername'])(
    'gives other auth errors (%s) the generic auth message',
    (name) => {
      expect(authErrorOutcome(cognitoError(name))).toEqual({
        message: 'Ocorreu um erro. Tente novamente.',
        switchToLogin: false,
      });
    },
  );

  it('treats an unsupported sign-in step as another auth error', () => {
    expect(authErrorOutcome(unsupportedSignInStepError('CONFIRM_SIGN_IN_WITH_TOTP_CODE')).message).toBe(
      AUTH_MESSAGES.otherError,
    );
  });

  it.each([new TypeError('Failed to fetch'), new Error('boom'), 'a string', undefined])(
    'reads anything that is not an AuthError (%s) as an unexpected exception',
    (error) => {
      expect(authErrorOutcome(error)).toEqual({
        message: 'Ocorreu um erro inesperado. Tente novamente.',
        switchToLogin: false,
      });
    },
  );

  it('does not trust a look-alike object with a Cognito error name', () => {
    expect(authErrorOutcome({ name: 'UsernameExistsException', message: 'x' }).message).toBe(
      AUTH_MESSAGES.unexpectedError,
    );
  });
});

describe('authRequestErrorMessage (recovery, magic link, password update)', () => {
  it('puts known Cognito answers in the product words', () => {
    expect(authRequestErrorMessage(cognitoError('ExpiredCodeException'), 'fallback')).toBe(
      'Este link de recuperação é inválido ou expirou. Peça um novo link.',
    );
    expect(authRequestErrorMessage(cognitoError('LimitExceededException'), 'fallback')).toBe(
      'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
    );
  });

  it("uses the spec's fallback for anything else, never Cognito's English text", () => {
    expect(authRequestErrorMessage(cognitoError('InternalErrorException'), 'Não foi possível atualizar a senha.')).toBe(
      'Não foi possível atualizar a senha.',
    );
    expect(
      authRequestErrorMessage(new Error('Failed to fetch'), 'Não foi possível enviar o email de recuperação.'),
    ).toBe('Não foi possível enviar o email de recuperação.');
  });
});

describe('the admins’ authenticator code', () => {
  it('at sign-in: a wrong code stays on the code step; an expired or lost sign-in starts over', () => {
    expect(authenticatorCodeOutcome(cognitoError('CodeMismatchException'))).toEqual({
      message: SECOND_FACTOR_MESSAGES.codeInvalid,
      restart: false,
    });
    for (const name of ['NotAuthorizedException', 'ExpiredCodeException', 'SignInException']) {
      expect(authenticatorCodeOutcome(cognitoError(name))).toEqual({
        message: SECOND_FACTOR_MESSAGES.challengeExpired,
        restart: true,
      });
    }
    expect(authenticatorCodeOutcome(cognitoError('TooManyFailedAttemptsException')).message).toBe(
      AUTH_MESSAGES.tooManyAttempts,
    );
    expect(authenticatorCodeOutcome(new Error('offline'))).toEqual({
      message: AUTH_MESSAGES.unexpectedError,
      restart: false,
    });
  });

  it('at enrolment: both of Cognito’s wrong-code answers read as a wrong code; an expired session says so', () => {
    expect(enrolmentErrorMessage(cognitoError('CodeMismatchException'))).toBe(SECOND_FACTOR_MESSAGES.codeInvalid);
    expect(enrolmentErrorMessage(cognitoError('EnableSoftwareTokenMFAException'))).toBe(
      SECOND_FACTOR_MESSAGES.codeInvalid,
    );
    expect(enrolmentErrorMessage(cognitoError('NotAuthorizedException'))).toBe(API_MESSAGES.unauthorized);
    expect(enrolmentErrorMessage(cognitoError('InternalErrorException'))).toBe(AUTH_MESSAGES.otherError);
  });
});
