import { useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { FILING_DOCUMENT_MESSAGES, SIGNING_GUIDE, type FilingDocumentKind } from '@domain/filing-documents.js';
import type { DocumentType } from '@domain/schemas/entities.js';
import { GOV_BR_SIGNER_URL } from '@domain/signed-pdf.js';
import { ButtonLink } from '@/components/links';
import { ApiRequestError } from '@/lib/api-error';
import { toastApiError } from '@/lib/toast';
import { useDownloadFilingDocument } from '../api/filing-documents';
import '../signing-guide.css';

/**
 * The procuração (and, for a person, the declaração) to download, and the two ways to sign them, in plain words
 * (docs/decisions.md, "The procuração and the declaração: generated from the profile, signed on gov.br or by hand").
 * The 'Documentos' screen renders it above the upload of the signed files; it takes the profile's document type only,
 * so it needs no query of its own.
 */
export function SigningGuide({ documentType }: { documentType: DocumentType }) {
  const isCompany = documentType === 'cnpj';
  return (
    <Card variation="outlined" className="signing-guide">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large">
          {SIGNING_GUIDE.title}
        </Heading>
        <Text>{isCompany ? SIGNING_GUIDE.companyIntro : SIGNING_GUIDE.intro}</Text>
        <DownloadButtons isCompany={isCompany} />
        <Text fontSize="small" color="font.secondary">
          {SIGNING_GUIDE.whyNotClick}
        </Text>
        <section aria-labelledby="signing-guide-gov-br">
          <Heading level={3} fontSize="medium" id="signing-guide-gov-br" marginBottom="xs">
            {SIGNING_GUIDE.govBrTitle}
          </Heading>
          <ol className="signing-guide__steps">
            {SIGNING_GUIDE.govBrSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {isCompany ? (
            <Text fontSize="small" marginTop="xs">
              {SIGNING_GUIDE.govBrCompanyNote}
            </Text>
          ) : null}
          <Button as="a" href={GOV_BR_SIGNER_URL} target="_blank" rel="noreferrer" marginTop="small">
            {SIGNING_GUIDE.govBrLink}
          </Button>
        </section>
        <section aria-labelledby="signing-guide-by-hand">
          <Heading level={3} fontSize="medium" id="signing-guide-by-hand" marginBottom="xs">
            {SIGNING_GUIDE.handTitle}
          </Heading>
          <ol className="signing-guide__steps">
            {SIGNING_GUIDE.handSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </Flex>
    </Card>
  );
}

/**
 * One button per document the profile can have. A profile that lacks what a document needs (409: a company without its
 * partner) or no profile (404) shows the reason beside the buttons with the way to the profile; anything else is a
 * toast, as every failed download.
 */
function DownloadButtons({ isCompany }: { isCompany: boolean }) {
  const download = useDownloadFilingDocument();
  const [pending, setPending] = useState<FilingDocumentKind | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = (kind: FilingDocumentKind) => {
    setPending(kind);
    setRefusal(null);
    download.mutate(kind, {
      onError: (error) => {
        if (error instanceof ApiRequestError && (error.status === 409 || error.status === 404)) {
          setRefusal(error.message);
        } else {
          toastApiError(error, FILING_DOCUMENT_MESSAGES.downloadFailed);
        }
      },
      onSettled: () => setPending(null),
    });
  };
  return (
    <Flex direction="column" gap="small">
      <Flex gap="small" wrap="wrap">
        <Button
          variation="primary"
          isLoading={pending === 'procuracao'}
          loadingText={SIGNING_GUIDE.downloading}
          isDisabled={pending !== null}
          onClick={() => start('procuracao')}
        >
          {SIGNING_GUIDE.downloadProcuracao}
        </Button>
        {isCompany ? null : (
          <Button
            isLoading={pending === 'declaracao'}
            loadingText={SIGNING_GUIDE.downloading}
            isDisabled={pending !== null}
            onClick={() => start('declaracao')}
          >
            {SIGNING_GUIDE.downloadDeclaracao}
          </Button>
        )}
      </Flex>
      {isCompany ? null : (
        <Text fontSize="small" color="font.secondary">
          {SIGNING_GUIDE.declaracaoHint}
        </Text>
      )}
      {refusal ? (
        <Alert variation="warning" role="alert">
          <Flex direction="column" gap="small" alignItems="flex-start">
            <Text>{refusal}</Text>
            <ButtonLink to="/app/perfil" size="small">
              {SIGNING_GUIDE.completeProfile}
            </ButtonLink>
          </Flex>
        </Alert>
      ) : null}
    </Flex>
  );
}
