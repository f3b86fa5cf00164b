import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Badge, Button, Card, Flex, Heading, Link, SelectField, Text, TextAreaField } from '@aws-amplify/ui-react';
import type { KitView } from '@domain/api/filing-kit.js';
import { formatDateTime } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import {
  KIT_MESSAGES,
  KIT_REFUSAL_CODES,
  KIT_REVIEW_ANCHOR,
  KIT_REFUSAL_REASONS,
  KIT_SIGNING_METHOD_LABELS,
  type KitItemState,
  type KitRefusalCode,
} from '@domain/filing-kit.js';
import type { KitSigning } from '@domain/schemas/filing-kit.js';
import { ITI_VALIDATOR_URL, SIGNED_PDF_MESSAGES } from '@domain/signed-pdf.js';
import { toast, toastApiError } from '@/lib/toast';
import { useOpenKitFile, useReviewKitItem } from '../api/kit-review';

const BADGE: Record<KitItemState, 'info' | 'success' | 'error' | undefined> = {
  pendente: undefined,
  enviado: 'info',
  em_analise: 'info',
  aprovado: 'success',
  recusado: 'error',
};

/**
 * The client's filing kit on the client detail (docs/decisions.md, "The filing kit's files: uploads, checks,
 * conversion, malware scan, review"): open each file, approve or refuse with a reason.
 */
export function KitReviewSection({ profileId, kit }: { profileId: string; kit: KitView }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  // A list row's kit links here (#documentos); the section appears only once the case file has loaded.
  useEffect(() => {
    if (hash !== `#${KIT_REVIEW_ANCHOR}`) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId} id={KIT_REVIEW_ANCHOR}>
      <Heading level={2} fontSize="large" id={headingId} ref={heading} tabIndex={-1}>
        Documentos ({kit.approvedCount}/{kit.requiredCount} obrigatórios aprovados)
      </Heading>
      {kit.availability === 'not_paid' ? (
        <Text color="font.secondary">{KIT_MESSAGES.notOpenYet}</Text>
      ) : (
        <Flex direction="column" gap="small">
          {kit.items.map((item) => (
            <KitReviewItem key={item.key} profileId={profileId} item={item} />
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function KitReviewItem({ profileId, item }: { profileId: string; item: KitView['items'][number] }) {
  const open = useOpenKitFile(profileId);
  const review = useReviewKitItem(profileId);
  const [refusing, setRefusing] = useState(false);
  const [code, setCode] = useState<KitRefusalCode>('ilegivel');
  const [note, setNote] = useState('');
  const awaiting = item.state === 'enviado' || item.state === 'em_analise';
  const decide = (decision: Parameters<typeof review.mutate>[0]['decision']) =>
    review.mutate(
      { item: item.key, decision },
      {
        onSuccess: () => {
          setRefusing(false);
          toast({
            title: decision.decision === 'aprovar' ? 'Documento aprovado' : 'Documento recusado',
            variant: 'success',
          });
        },
        onError: (error) => toastApiError(error, 'Não foi possível registrar a análise.'),
      },
    );
  return (
    <Card variation="outlined" className="kit-review-item">
      <Flex direction="column" gap="xs">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Text fontWeight="bold">{item.title}</Text>
          <Badge size="small" variation={BADGE[item.state]}>
            {item.label}
          </Badge>
        </Flex>
        {item.files.length > 0 && (
          <Text fontSize="small" color="font.secondary">
            {item.files.length} arquivo(s) · enviado em {item.sent_at ? formatDateTime(item.sent_at) : '—'}
            {item.pdf_bytes ? ` · PDF de ${Math.max(1, Math.round(item.pdf_bytes / 1024))} KB` : ''}
          </Text>
        )}
        {item.signing?.method === 'a_mao' && <Text fontSize="small">{KIT_MESSAGES.handSigned}</Text>}
        {item.signing?.method === 'govbr' && <GovBrSignature signing={item.signing} />}
        {item.files.length > 0 && (
          <Flex gap="xs" wrap="wrap">
            <Button size="small" onClick={() => open.mutate({ item: item.key })} isDisabled={open.isPending}>
              Abrir PDF
            </Button>
            {item.files.map((file, index) => (
              <Button
                key={file.id}
                size="small"
                variation="link"
                onClick={() => open.mutate({ item: item.key, file: file.id })}
                isDisabled={open.isPending}
              >
                Original {index + 1}
              </Button>
            ))}
          </Flex>
        )}
        {awaiting && !refusing && (
          <Flex gap="xs" wrap="wrap">
            <Button
              size="small"
              variation="primary"
              onClick={() => decide({ decision: 'aprovar' })}
              isLoading={review.isPending}
            >
              {KIT_MESSAGES.approve}
            </Button>
            <Button size="small" variation="destructive" onClick={() => setRefusing(true)}>
              {KIT_MESSAGES.refuse}
            </Button>
          </Flex>
        )}
        {refusing && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              decide({ decision: 'recusar', code, note: note.trim() || undefined });
            }}
          >
            <Flex direction="column" gap="xs">
              <SelectField
                label="Motivo da recusa"
                value={code}
                onChange={(event) => setCode(event.target.value as KitRefusalCode)}
                size="small"
              >
                {KIT_REFUSAL_CODES.map((option) => (
                  <option key={option} value={option}>
                    {KIT_REFUSAL_REASONS[option].reason}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label={code === 'outro' ? 'Motivo (o cliente lê)' : 'Observação para o cliente (opcional)'}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={500}
                rows={2}
                isRequired={code === 'outro'}
                size="small"
              />
              <Flex gap="xs">
                <Button size="small" variation="destructive" type="submit" isLoading={review.isPending}>
                  Confirmar recusa
                </Button>
                <Button size="small" onClick={() => setRefusing(false)}>
                  Cancelar
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Flex>
    </Card>
  );
}

/** What the server read from the certificate of a gov.br signature, for the lawyer to file on. */
function GovBrSignature({ signing }: { signing: KitSigning }) {
  return (
    <div className="kit-signature">
      <Text fontSize="small" fontWeight="bold">
        {KIT_SIGNING_METHOD_LABELS.govbr}
      </Text>
      <dl className="kit-signature__facts">
        <dt>{KIT_MESSAGES.signer}</dt>
        <dd>
          {signing.signer_name ?? '—'}
          {signing.signer_cpf ? (
            <>
              {' '}
              <span className="kit-signature__cpf">(CPF {formatDocument(signing.signer_cpf)})</span>
            </>
          ) : null}
        </dd>
        <dt>{KIT_MESSAGES.signedAt}</dt>
        <dd>{signing.signed_at ? formatDateTime(signing.signed_at) : '—'}</dd>
        <dt>{KIT_MESSAGES.issuer}</dt>
        <dd>{signing.issuer ?? '—'}</dd>
      </dl>
      {!signing.chain_validated && (
        <Text fontSize="small" color="font.secondary">
          {SIGNED_PDF_MESSAGES.chainNotValidated}{' '}
          <Link href={ITI_VALIDATOR_URL} isExternal>
            {KIT_MESSAGES.openValidator}
          </Link>
        </Text>
      )}
    </div>
  );
}
