import { useEffect } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useParams } from 'react-router';
import { CONTRACT_TITLE, SIGNATURE_LEGAL_BASIS } from '@domain/contract-text.js';
import { formatDateTime } from '@domain/dates.js';
import { CONTRACT_MESSAGES } from '@domain/messages.js';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/lib/page-title';
import { useCustomerCollection } from '@/lib/customer-collection';
import { ContractClauses } from './contract-clauses';

/** The print view ('Ver Contrato em PDF'): the full text, the client's data and the signature, then the print dialog. */
export function ContractPrintPage() {
  const { contractId } = useParams();
  const collection = useCustomerCollection();
  const contract = collection.data?.contracts.find((c) => c.id === contractId);
  const profile = collection.data?.profile;
  usePageTitle(contract ? `${CONTRACT_TITLE} ${contract.protocolo}` : CONTRACT_TITLE);
  const ready = Boolean(contract && profile);

  useEffect(() => {
    if (ready) window.print();
  }, [ready]);

  if (collection.isPending) return <PageLoader label="Preparando o contrato..." />;
  if (!contract || !profile) {
    return <Text padding="large">{CONTRACT_MESSAGES.notFoundOrSigned}</Text>;
  }
  const geo = contract.geo_assinatura;
  return (
    <main className="contract-print">
      <Flex direction="column" gap="small">
        <Heading level={1} fontSize="xl">
          {CONTRACT_TITLE}
        </Heading>
        <Text>Protocolo {contract.protocolo}</Text>
        <ContractClauses contract={contract} profile={profile} />
        <Heading level={2} fontSize="large" marginTop="medium">
          Assinatura eletrônica
        </Heading>
        {contract.assinado_em ? (
          <>
            <Text>
              Assinado eletronicamente por {profile.nome_completo} em {formatDateTime(contract.assinado_em)} (horário de
              Brasília).
            </Text>
            <Text>
              Endereço IP: {contract.ip_assinatura ?? CONTRACT_MESSAGES.ipUnavailable}. Localização aproximada:{' '}
              {geo ? `${geo.cidade}/${geo.estado}, ${geo.pais}` : CONTRACT_MESSAGES.locationUnavailable}.
            </Text>
            <Text fontSize="small">{SIGNATURE_LEGAL_BASIS}</Text>
          </>
        ) : (
          <Text>{CONTRACT_MESSAGES.pendingHeading}.</Text>
        )}
        <Button className="no-print" alignSelf="flex-start" onClick={() => window.print()}>
          Imprimir ou salvar em PDF
        </Button>
      </Flex>
    </main>
  );
}
