import { useId, useState } from 'react';
import { Alert, Card, CheckboxField, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { formatDateTime } from '@domain/dates.js';
import { formatBrazilianMobile, WHATSAPP_MESSAGES as M } from '@domain/whatsapp.js';
import { LoadError } from '@/components/load-error';
import { apiErrorMessage } from '@/lib/api-error';
import { useMyWhatsApp, useSetMyWhatsApp } from '../api/whatsapp';

/**
 * Meu Perfil 'Avisos pelo WhatsApp' (docs/decisions.md, "WhatsApp status notices (consent, templates, webhook)"): the
 * unticked choice, naming the company, saved as soon as it changes (its evidence is the server's: time, IP, the words
 * shown). A number that is not a Brazilian mobile cannot be ticked, with a note saying why; withdrawing is unticking
 * (or 'SAIR' on WhatsApp).
 */
export function WhatsAppConsentSection({ profileWhatsapp }: { profileWhatsapp: string }) {
  const channel = useMyWhatsApp(profileWhatsapp);
  const save = useSetMyWhatsApp(profileWhatsapp);
  const [said, setSaid] = useState<string | null>(null);
  const noteId = useId();

  const body = () => {
    if (channel.isPending) return <Loader aria-label="Carregando sua escolha..." />;
    if (channel.isError) return <LoadError message={M.saveFailed} onRetry={() => void channel.refetch()} />;
    const { consent, mobile, consentText } = channel.data;
    const granted = consent?.state === 'granted';
    const checked = save.isPending ? Boolean(save.variables) : granted;
    return (
      <Flex direction="column" gap="small">
        <CheckboxField
          name="whatsapp_consentimento"
          value="sim"
          label={consentText}
          checked={checked}
          isDisabled={save.isPending || (!mobile && !granted)}
          aria-describedby={noteId}
          onChange={(event) => {
            setSaid(null);
            save.mutate(event.target.checked, {
              onSuccess: (answer) => setSaid(answer.consent?.state === 'granted' ? M.consentSaved : M.consentWithdrawn),
            });
          }}
        />
        <Text id={noteId} fontSize="small" color="font.secondary">
          {M.consentHint}
        </Text>
        {!mobile ? (
          <Alert variation="warning" role="note">
            {M.invalidMobile}
          </Alert>
        ) : granted && consent ? (
          <Text fontSize="small">
            {M.sendingTo(formatBrazilianMobile(consent.phone))} Autorizado em {formatDateTime(consent.grantedAt)}.
          </Text>
        ) : null}
        {save.isError ? (
          <Alert variation="error" role="alert">
            {apiErrorMessage(save.error, M.saveFailed)}
          </Alert>
        ) : null}
        <Text role="status" fontSize="small" color="font.success">
          {said ?? ''}
        </Text>
      </Flex>
    );
  };

  return (
    <Card variation="outlined" as="section" aria-labelledby="whatsapp-consent-title">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large" id="whatsapp-consent-title">
          {M.sectionTitle}
        </Heading>
        {body()}
      </Flex>
    </Card>
  );
}
