import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Flex, Heading, View } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { BrandMark } from '@/components/brand-mark';
import { ButtonLink } from '@/components/links';
import { PageLoader } from '@/components/page-loader';
import { DEFAULT_AFTER_LOGIN } from '@/lib/auth-claims';
import { usePageTitle } from '@/lib/page-title';
import { magicLinkTokenFromHash, useMagicLinkSignIn } from '../api/magic-link';

/** /auth/link-magico#<token>: where the magic-link e-mail lands. */
export function MagicLinkPage() {
  const navigate = useNavigate();
  // Read once: the fragment is wiped right after, so the token leaves neither history nor screen.
  const [token] = useState(() => magicLinkTokenFromHash(window.location.hash));
  const { mutate: signIn, isError } = useMagicLinkSignIn();
  // The token is single use; React's development double-run of effects must not spend it twice.
  const started = useRef(false);
  usePageTitle('Link mágico');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    if (!token) return;
    signIn(token, { onSuccess: () => void navigate(DEFAULT_AFTER_LOGIN, { replace: true }) });
  }, [token, signIn, navigate]);

  const failed = !token || isError;
  return (
    <View as="main" className="auth-screen">
      <Card className="auth-card" variation="elevated">
        <Flex direction="column" gap="large" alignItems="stretch">
          <Flex justifyContent="center">
            <BrandMark />
          </Flex>
          {failed ? (
            <>
              <Heading level={1} fontSize="xl" textAlign="center">
                Não foi possível entrar
              </Heading>
              <Alert variation="error" role="alert">
                {AUTH_MESSAGES.magicLinkInvalid}
              </Alert>
              <ButtonLink to="/auth" variation="primary" isFullWidth>
                Voltar para o login
              </ButtonLink>
            </>
          ) : (
            <PageLoader label="Entrando com o link mágico..." />
          )}
        </Flex>
      </Card>
    </View>
  );
}
