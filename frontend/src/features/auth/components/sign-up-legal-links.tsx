import { Text } from '@aws-amplify/ui-react';
import { SIGN_UP_LEGAL } from '@domain/messages.js';

/**
 * What signing up agrees to, linked beside the button: the terms and the privacy policy open in a new tab (they are
 * public pages, not app routes), so the form keeps what was typed.
 */
export function SignUpLegalLinks() {
  return (
    <Text fontSize="small" color="font.secondary" className="sign-up-legal" data-testid="sign-up-legal">
      {SIGN_UP_LEGAL.lead}{' '}
      <a href="/termos" target="_blank" rel="noopener">
        {SIGN_UP_LEGAL.terms}
        <span className="visually-hidden"> (abre em nova aba)</span>
      </a>{' '}
      {SIGN_UP_LEGAL.middle}{' '}
      <a href="/privacidade" target="_blank" rel="noopener">
        {SIGN_UP_LEGAL.privacy}
        <span className="visually-hidden"> (abre em nova aba)</span>
      </a>
      .
    </Text>
  );
}
